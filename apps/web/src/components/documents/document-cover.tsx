import * as React from 'react';
import { cn } from '@/lib/utils';
import { extLabel } from './file-kind';
import { FileKindIcon } from './file-kind-icon';

/** A document's cover (210×297, moredoc-facts §6.4), or its file-kind icon while it has none or it fails to load. */
export function DocumentCover({
  cover,
  ext,
  title,
  className,
}: {
  cover: string;
  ext: string;
  title: string;
  className?: string;
}) {
  const [failed, setFailed] = React.useState(false);
  return (
    <div className={cn('relative aspect-[210/297] w-full overflow-hidden bg-muted', className)}>
      {cover && !failed ? (
        <img
          src={cover}
          alt={title}
          loading="lazy"
          decoding="async"
          width={210}
          height={297}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-b from-muted to-accent">
          <FileKindIcon ext={ext} className="size-10" />
          <span className="font-medium text-muted-foreground text-xs">{extLabel(ext)}</span>
        </div>
      )}
    </div>
  );
}
