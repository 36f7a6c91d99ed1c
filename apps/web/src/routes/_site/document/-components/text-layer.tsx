import * as React from 'react';
import { inIdleBatches } from '@/lib/idle-batches';
import { cn } from '@/lib/utils';
import { lineStyle, MEASURE_PX, type PageRect, type PageSize } from './page-overlay';

/** The layer's font; lines are measured in the same one. */
const LAYER_FONT = 'sans-serif';

let measureContext: CanvasRenderingContext2D | null | undefined;

/** The width of `text` at MEASURE_PX in the layer's font (0 where canvas is unavailable). */
export function measureText(text: string): number {
  if (measureContext === undefined) {
    measureContext = document.createElement('canvas').getContext('2d');
    if (measureContext) measureContext.font = `${MEASURE_PX}px ${LAYER_FONT}`;
  }
  return measureContext ? measureContext.measureText(text).width : 0;
}

/**
 * The widths of `lines` at MEASURE_PX, measured while the browser is idle (null until then). Measuring a page's lines
 * takes tens of milliseconds on a phone (canvas text with font fallback), which as one task right after the page has
 * painted blocked the reader's first taps; until the widths are in, the lines are in place at their height, unscaled
 * (only a selection's highlight fits them less closely).
 */
function useLineWidths(lines: readonly { t: string }[]): readonly number[] | null {
  const [measured, setMeasured] = React.useState<{ of: readonly { t: string }[]; widths: number[] } | null>(null);
  React.useEffect(
    () =>
      inIdleBatches(
        lines,
        (l) => measureText(l.t),
        (widths) => setMeasured({ of: lines, widths }),
      ),
    [lines],
  );
  return measured?.of === lines ? measured.widths : null;
}

/** A click that only lands (no drag, no double click to select a word) opens the page as the image did. */
const OPEN_DELAY_MS = 250;

const selectionEmpty = () => window.getSelection()?.isCollapsed ?? true;

/**
 * The page's text over its image, transparent and in place, so a reader can select and copy it and a screen reader
 * can read it (the image keeps its alt). When the site forbids copying this document the text cannot be selected and
 * copying from it is refused; it is still there for screen readers. A plain click still opens the image viewer.
 */
export function TextLayer({
  page,
  lines,
  copyable,
  size,
  onOpen,
}: {
  page: number;
  lines: readonly { t: string; b: PageRect }[];
  copyable: boolean;
  size: PageSize;
  onOpen: () => void;
}) {
  const widths = useLineWidths(lines);
  const styles = React.useMemo(
    () => lines.map((l, i) => lineStyle(l.b, size, widths?.[i] ?? 0)),
    [lines, size, widths],
  );
  const hadSelection = React.useRef(false);
  const timer = React.useRef<number | undefined>(undefined);
  React.useEffect(() => () => window.clearTimeout(timer.current), []);

  const refuse = (e: React.SyntheticEvent) => e.preventDefault();
  return (
    <div
      className={cn(
        '@container absolute inset-0 cursor-zoom-in overflow-hidden text-transparent leading-none',
        'selection:bg-sky-500/30 selection:text-transparent',
        copyable ? 'select-text' : 'select-none',
      )}
      style={{ fontFamily: LAYER_FONT }}
      onPointerDown={() => {
        hadSelection.current = !selectionEmpty();
      }}
      onClick={(e) => {
        window.clearTimeout(timer.current);
        if (e.detail > 1 || hadSelection.current || !selectionEmpty()) return;
        timer.current = window.setTimeout(() => selectionEmpty() && onOpen(), OPEN_DELAY_MS);
      }}
      onCopy={copyable ? undefined : refuse}
      onCut={copyable ? undefined : refuse}
      onContextMenu={copyable ? undefined : refuse}
      onDragStart={refuse}
      data-copyable={copyable}
      data-testid={`text-layer-${page}`}
    >
      {lines.map((line, i) => (
        // A line break after each line: copied text keeps its lines apart (absolutely placed spans give none).
        <React.Fragment key={i}>
          <span className="absolute origin-top-left cursor-text whitespace-pre" style={styles[i]}>
            {line.t}
          </span>
          <br />
        </React.Fragment>
      ))}
    </div>
  );
}
