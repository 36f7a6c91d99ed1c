import {
  ChevronLeftIcon,
  ChevronRightIcon,
  LoaderCircleIcon,
  MaximizeIcon,
  MinimizeIcon,
  RotateCcwIcon,
  RotateCwIcon,
  XIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import { cn } from '@/lib/utils';

export interface ViewerImage {
  src: string;
  alt: string;
}

const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
const STEP = 1.25;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.round(s * 100) / 100));

/**
 * The image viewer of spec §2 Forms: zoom, rotate, scale (back to fit), fullscreen and keyboard controls
 * (← → pages, + − zoom, R rotate, 0 fit, F fullscreen, Esc close).
 */
export function ImageViewer({
  title,
  images,
  index,
  onIndexChange,
  open,
  onOpenChange,
}: {
  /** The heading (the document's title); each image's alt describes the page for screen readers. */
  title: string;
  images: readonly ViewerImage[];
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [scale, setScale] = React.useState(1);
  const [rotation, setRotation] = React.useState(0);
  const [fullscreen, setFullscreen] = React.useState(false);
  const frame = React.useRef<HTMLDivElement>(null);
  const [area, setArea] = React.useState<HTMLDivElement | null>(null);
  const [areaSize, setAreaSize] = React.useState({ w: 0, h: 0 });
  const [loaded, setLoaded] = React.useState<{ src: string; w: number; h: number } | null>(null);
  const image = images[index];

  // The image is sized, not scaled, so a zoomed page scrolls to every edge; a quarter turn swaps its box.
  React.useEffect(() => {
    if (!area) return;
    const ro = new ResizeObserver(() => setAreaSize({ w: area.clientWidth, h: area.clientHeight }));
    ro.observe(area);
    return () => ro.disconnect();
  }, [area]);
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const nat = loaded && loaded.src === image?.src ? loaded : { w: 595, h: 842 };
  const boxW = quarter ? nat.h : nat.w;
  const boxH = quarter ? nat.w : nat.h;
  const fit = areaSize.w > 0 ? Math.min((areaSize.w - 16) / boxW, (areaSize.h - 16) / boxH) : 1;
  const shownW = Math.max(1, nat.w * fit * scale);
  const shownH = Math.max(1, nat.h * fit * scale);

  // A new page starts fitted and upright.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page changes
  React.useEffect(() => {
    setScale(1);
    setRotation(0);
  }, [index]);

  React.useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const go = (delta: number) => {
    const next = index + delta;
    if (next >= 0 && next < images.length) onIndexChange(next);
  };
  const zoom = (factor: number) => setScale((s) => clampScale(s * factor));
  const rotate = (deg: number) => setRotation((r) => r + deg);
  const reset = () => {
    setScale(1);
    setRotation(0);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void frame.current?.requestFullscreen?.().catch(() => {});
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let action: (() => void) | null = null;
    switch (e.key) {
      case 'ArrowLeft':
      case 'PageUp':
        action = () => go(-1);
        break;
      case 'ArrowRight':
      case 'PageDown':
        action = () => go(1);
        break;
      case '+':
      case '=':
      case 'ArrowUp':
        action = () => zoom(STEP);
        break;
      case '-':
      case 'ArrowDown':
        action = () => zoom(1 / STEP);
        break;
      case 'r':
        action = () => rotate(90);
        break;
      case 'R':
        action = () => rotate(-90);
        break;
      case '0':
        action = reset;
        break;
      case 'f':
      case 'F':
        action = toggleFullscreen;
        break;
    }
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const tool = (label: string, onClick: () => void, icon: React.ReactNode, disabled?: boolean) => (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-9 text-white hover:bg-white/15 hover:text-white disabled:opacity-30"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
    </Button>
  );

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(v) => {
        if (!v && document.fullscreenElement) void document.exitFullscreen().catch(() => {});
        onOpenChange(v);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          ref={frame}
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col bg-neutral-950 text-white outline-none"
          data-testid="image-viewer"
        >
          <div className="flex shrink-0 items-center justify-between gap-2 px-2 py-2 sm:px-4">
            <DialogPrimitive.Title className="min-w-0 truncate text-sm text-white/80">
              {title}
              <span className="ml-2 tabular-nums">{images.length > 0 ? `${index + 1} / ${images.length}` : ''}</span>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              {tool(t('close'), () => onOpenChange(false), <XIcon />)}
            </DialogPrimitive.Close>
          </div>
          <div className="relative min-h-0 flex-1">
            <div
              ref={setArea}
              className="absolute inset-0 flex overflow-auto"
              onWheel={(e) => {
                if (!e.ctrlKey) return;
                e.preventDefault();
                zoom(e.deltaY < 0 ? STEP : 1 / STEP);
              }}
            >
              {image?.src ? (
                <div
                  className="relative m-auto shrink-0"
                  style={{ width: quarter ? shownH : shownW, height: quarter ? shownW : shownH }}
                >
                  <img
                    src={image.src}
                    alt={image.alt}
                    draggable={false}
                    onContextMenu={(e) => e.preventDefault()}
                    onLoad={(e) =>
                      setLoaded({
                        src: image.src,
                        w: e.currentTarget.naturalWidth || 595,
                        h: e.currentTarget.naturalHeight || 842,
                      })
                    }
                    className="absolute top-1/2 left-1/2 max-w-none select-none bg-white shadow-2xl transition-transform duration-150"
                    style={{
                      width: shownW,
                      height: shownH,
                      transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
                    }}
                  />
                </div>
              ) : (
                <LoaderCircleIcon className="m-auto size-8 animate-spin text-white/70" />
              )}
            </div>
            {index > 0 ? (
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t('documents.viewer.prev')}
                className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/50 p-2 hover:bg-black/70"
              >
                <ChevronLeftIcon className="size-6" />
              </button>
            ) : null}
            {index < images.length - 1 ? (
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t('documents.viewer.next')}
                className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/50 p-2 hover:bg-black/70"
              >
                <ChevronRightIcon className="size-6" />
              </button>
            ) : null}
          </div>
          <div
            className={cn(
              'flex shrink-0 flex-wrap items-center justify-center gap-1 px-2 py-2',
              'pb-[max(0.5rem,env(safe-area-inset-bottom))]',
            )}
            role="toolbar"
            aria-label={t('documents.viewer.toolbar')}
          >
            {tool(t('documents.viewer.zoomOut'), () => zoom(1 / STEP), <ZoomOutIcon />, scale <= MIN_SCALE)}
            <button
              type="button"
              onClick={reset}
              title={t('documents.viewer.reset')}
              aria-label={t('documents.viewer.reset')}
              className="h-9 w-16 rounded-md text-center text-sm tabular-nums hover:bg-white/15"
            >
              {Math.round(scale * 100)}%
            </button>
            {tool(t('documents.viewer.zoomIn'), () => zoom(STEP), <ZoomInIcon />, scale >= MAX_SCALE)}
            {tool(t('documents.viewer.rotateLeft'), () => rotate(-90), <RotateCcwIcon />)}
            {tool(t('documents.viewer.rotateRight'), () => rotate(90), <RotateCwIcon />)}
            {tool(
              fullscreen ? t('documents.viewer.exitFullscreen') : t('documents.viewer.fullscreen'),
              toggleFullscreen,
              fullscreen ? <MinimizeIcon /> : <MaximizeIcon />,
            )}
          </div>
          <p className="sr-only">{t('documents.viewer.keys')}</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
