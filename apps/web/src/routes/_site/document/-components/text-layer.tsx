import * as React from 'react';
import { cn } from '@/lib/utils';
import { whenIdle } from '@/lib/when-idle';
import { lineStyle, MEASURE_PX, type PageRect, type PageSize, widthAtMeasure } from './page-overlay';

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
 * The widths of the layer's `lines` at MEASURE_PX, read from the lines as the browser laid them out once it is idle
 * (null until then): the page has painted them already, so reading them costs next to nothing. Measuring them on a
 * canvas instead took tens of milliseconds a page on a phone (canvas text with font fallback), which blocked the
 * reader's first taps (issue 17). Until the widths are in, the lines are in place at their height, unstretched (only a
 * selection's highlight fits them less closely).
 */
function useLineWidths(
  layer: React.RefObject<HTMLDivElement | null>,
  lines: readonly { b: PageRect }[],
  size: PageSize,
): readonly number[] | null {
  const [measured, setMeasured] = React.useState<{ of: readonly { b: PageRect }[]; widths: number[] } | null>(null);
  const widths = measured?.of === lines ? measured.widths : null;
  const done = widths !== null;
  React.useEffect(() => {
    if (done) return;
    return whenIdle(() => {
      const el = layer.current;
      const layerWidth = el?.clientWidth ?? 0;
      // Not laid out (a hidden page): the lines stay unstretched.
      if (!el || layerWidth <= 0) return;
      const spans = el.querySelectorAll<HTMLElement>(':scope > span');
      // Unstretched while not measured: their laid-out width is the text's own.
      setMeasured({
        of: lines,
        widths: lines.map((l, i) =>
          widthAtMeasure(spans[i]?.getBoundingClientRect().width ?? 0, l.b, size, layerWidth),
        ),
      });
    });
  }, [layer, lines, size, done]);
  return widths;
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
  const layer = React.useRef<HTMLDivElement>(null);
  const widths = useLineWidths(layer, lines, size);
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
      ref={layer}
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
