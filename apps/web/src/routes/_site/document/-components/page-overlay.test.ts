import { describe, expect, it } from 'vitest';
import {
  firstHitOn,
  imagePointSize,
  lineStyle,
  MEASURE_PX,
  orderHits,
  rectStyle,
  refineHitBox,
  resolvePageSize,
  sizeOf,
  snippetParts,
  stepHit,
  widthAtMeasure,
} from './page-overlay';

describe('search hits', () => {
  const pages = [
    {
      page: 5,
      count: 1,
      boxes: [[10, 20, 30, 12]] as const,
    },
    {
      page: 2,
      count: 3,
      boxes: [
        [50, 100, 40, 12],
        [60, 300, 40, 12],
      ] as const,
    },
  ];

  it('orders hits page by page, then as the server found them on the page; unplaced hits come last', () => {
    const hits = orderHits(pages);
    expect(hits.map((h) => [h.page, h.nth])).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
      [5, 0],
    ]);
    expect(hits[0]?.box).toEqual([50, 100, 40, 12]);
    expect(hits[2]?.box).toBeNull();
    expect(hits[3]?.box).toEqual([10, 20, 30, 12]);
    expect(orderHits([])).toEqual([]);
    // More boxes than counted matches still step through every box.
    const twoBoxes = [
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ] as const;
    expect(orderHits([{ page: 1, count: 1, boxes: twoBoxes }])).toHaveLength(2);
  });

  it('steps forward and back through the hits, wrapping around', () => {
    expect(stepHit(-1, 4, 1)).toBe(0);
    expect(stepHit(-1, 4, -1)).toBe(3);
    expect(stepHit(0, 4, 1)).toBe(1);
    expect(stepHit(3, 4, 1)).toBe(0);
    expect(stepHit(0, 4, -1)).toBe(3);
    expect(stepHit(2, 4, -1)).toBe(1);
    expect(stepHit(9, 4, 1)).toBe(0);
    expect(stepHit(-1, 0, 1)).toBe(-1);
  });

  it('finds the first hit of a page', () => {
    const hits = orderHits(pages);
    expect(firstHitOn(hits, 2)).toBe(0);
    expect(firstHitOn(hits, 5)).toBe(3);
    expect(firstHitOn(hits, 3)).toBe(-1);
  });
});

describe('page sizes', () => {
  it('derives points from the preview image: 1.5 px per pt, SVG in points', () => {
    expect(imagePointSize(893, 1263, '.webp')).toEqual({ width: 893 / 1.5, height: 1263 / 1.5 });
    expect(imagePointSize(800, 600, '.svg')).toEqual({ width: 600, height: 450 });
    expect(imagePointSize(0, 0, '.webp')).toBeNull();
  });

  it('takes the first known size; 0 × 0 is unknown', () => {
    const image = { width: 595, height: 842 };
    expect(resolvePageSize(sizeOf([0, 0]), null, image)).toBe(image);
    expect(resolvePageSize(sizeOf([612, 792]), image)).toEqual({ width: 612, height: 792 });
    expect(resolvePageSize(undefined, { width: 0, height: 10 })).toBeNull();
    expect(sizeOf(undefined)).toBeNull();
  });
});

describe('placing boxes and lines', () => {
  const a4 = { width: 600, height: 800 };

  it('places a rectangle in percent of the page', () => {
    expect(rectStyle([60, 200, 300, 20], a4)).toEqual({ left: '10%', top: '25%', width: '50%', height: '2.5%' });
    expect(rectStyle([0, 0, 200, 100], { width: 300, height: 300 })).toEqual({
      left: '0%',
      top: '0%',
      width: '66.6667%',
      height: '33.3333%',
    });
  });

  it('places a hit by the measured width of its text within its line', () => {
    // A fake font: CJK characters 2 units wide, everything else 1.
    const measure = (text: string) => [...text].reduce((n, c) => n + (/[\u4e00-\u9fff]/.test(c) ? 2 : 1), 0);
    // "ab中文cd": 6 characters over 120 pt; the server put 中文 at 2/6 of the line, 2/6 wide.
    const lines = [{ t: 'ab中文cd', b: [100, 50, 120, 10] as const }];
    expect(refineHitBox([140, 50, 40, 10], lines, measure)).toEqual([130, 50, 60, 10]);
    // A hit on a line not in the list (or a different line) stays where the server put it.
    expect(refineHitBox([140, 70, 40, 10], lines, measure)).toEqual([140, 70, 40, 10]);
    expect(refineHitBox([140, 50, 40, 10], lines, () => 0)).toEqual([140, 50, 40, 10]);
  });

  it('sizes a line’s type to its box height and stretches it to its box width', () => {
    // A 12 pt tall line on a 600 pt page is 2% of the page's width; text measuring 500 px at 100 px is 60 pt wide
    // at 12 pt, so a 90 pt box needs it 1.5 times wider.
    expect(lineStyle([60, 200, 90, 12], a4, 500)).toEqual({
      left: '10%',
      top: '25%',
      fontSize: '2cqw',
      transform: 'scaleX(1.5)',
    });
    // Nothing measured (or an empty box): no stretching.
    expect(lineStyle([60, 200, 90, 12], a4, 0).transform).toBeUndefined();
    expect(lineStyle([60, 200, 0, 12], a4, 500).transform).toBeUndefined();
    // A text exactly as wide as its box stays as it is.
    expect(lineStyle([0, 0, 60, 12], a4, 500).transform).toBeUndefined();
  });

  it("reads a line's width at the measuring size from the line as laid out, at any displayed size", () => {
    // Shown 300 px wide, a 12 pt line of a 600 pt page has 6 px type: 30 px laid out is 500 px at 100 px.
    expect(MEASURE_PX).toBe(100);
    expect(widthAtMeasure(30, [60, 200, 90, 12], a4, 300)).toBeCloseTo(500);
    // Shown twice as wide, the same text lays out twice as wide: the same width at the measuring size.
    expect(widthAtMeasure(60, [60, 200, 90, 12], a4, 600)).toBeCloseTo(500);
    expect(lineStyle([60, 200, 90, 12], a4, widthAtMeasure(30, [60, 200, 90, 12], a4, 300)).transform).toBe(
      'scaleX(1.5)',
    );
    // Not laid out (a hidden layer), or a line without height: unknown, so not stretched.
    expect(widthAtMeasure(0, [60, 200, 90, 12], a4, 300)).toBe(0);
    expect(widthAtMeasure(30, [60, 200, 90, 12], a4, 0)).toBe(0);
    expect(widthAtMeasure(30, [60, 200, 90, 0], a4, 300)).toBe(0);
  });
});

describe('snippets', () => {
  it('splits the highlighted HTML into text and marked parts, decoding the escapes', () => {
    expect(snippetParts('…前文 &lt;b&gt; <mark>机器学习</mark> &amp; 后文…')).toEqual([
      { text: '…前文 <b> ', mark: false },
      { text: '机器学习', mark: true },
      { text: ' & 后文…', mark: false },
    ]);
    expect(snippetParts('<mark>A</mark>b<mark>&#39;C&quot;</mark>')).toEqual([
      { text: 'A', mark: true },
      { text: 'b', mark: false },
      { text: '\'C"', mark: true },
    ]);
  });

  it('drops any other markup', () => {
    expect(snippetParts('x<script>y</script><mark>z</mark>')).toEqual([
      { text: 'xy', mark: false },
      { text: 'z', mark: true },
    ]);
  });
});
