import { describe, expect, it } from 'vitest';
import { writeFods, writeTxt } from './demo-files.ts';
import { demoLibrary } from './demo-library.content.ts';

// Issue 20: the demo library's promised spread, checked on its content (the integration test converts it).
const LEAVES = [
  '高中教育',
  '大学教育',
  '职业考试',
  'IT/计算机',
  '工程科技',
  '经管营销',
  '合同协议',
  '总结汇报',
  '表格模板',
  '文学小说',
  '人文社科',
];

describe('the demo library content', () => {
  const specs = demoLibrary();

  it('spans every leaf category, six formats, both languages, a long document and charts', () => {
    expect(specs.length).toBeGreaterThanOrEqual(30);
    expect(new Set(specs.map((s) => s.category))).toEqual(new Set(LEAVES));
    expect(new Set(specs.map((s) => s.format))).toEqual(new Set(['pdf', 'docx', 'pptx', 'xlsx', 'epub', 'txt']));
    expect(new Set(specs.map((s) => s.language))).toEqual(new Set(['zh-CN', 'en']));
    expect(Math.max(...specs.map((s) => s.chapters?.length ?? 0))).toBeGreaterThanOrEqual(40);
    expect(specs.filter((s) => s.chapters?.some((c) => c.image)).length).toBeGreaterThanOrEqual(5);
    expect(specs.some((s) => s.member)).toBe(true);
    // Titles are how a restart recognises what is there already.
    expect(new Set(specs.map((s) => s.title)).size).toBe(specs.length);
  });

  it('every document has content for its format', () => {
    for (const s of specs) {
      if (s.format === 'xlsx')
        expect(
          s.sheets?.every((t) => t.rows.length > 0),
          s.title,
        ).toBe(true);
      else expect(s.chapters?.length ?? 0, s.title).toBeGreaterThanOrEqual(3);
    }
  });

  it('writes markup-safe files', () => {
    const spec = {
      title: 'A <b> & "c"',
      category: '表格模板',
      format: 'xlsx' as const,
      language: 'en' as const,
      price: 0,
    };
    const fods = writeFods({ ...spec, sheets: [{ name: 'S<1>', header: ['a&b'], rows: [['<x>', 2]] }] });
    expect(fods).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(fods).toContain('&lt;x&gt;');
    expect(fods).toContain('office:value="2"');
    expect(fods).not.toContain('<b>');
    const txt = writeTxt({ ...spec, format: 'txt', chapters: [{ heading: 'H', paragraphs: ['<p>'] }] });
    expect(txt).toContain('<p>');
  });
});
