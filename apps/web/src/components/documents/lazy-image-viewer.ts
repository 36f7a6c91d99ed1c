import type { ComponentProps } from 'react';
import { lazyWhenOpen } from '@/components/ui/lazy-open';
import type { ImageViewer as Viewer } from './image-viewer';

export type { ViewerImage } from './image-viewer';

/** The image viewer of a reading page, loaded when a page or picture is first opened, with its dialog (issue 17). */
export const ImageViewer = lazyWhenOpen<ComponentProps<typeof Viewer>>(() =>
  import('./image-viewer').then((m) => ({ default: m.ImageViewer })),
);
