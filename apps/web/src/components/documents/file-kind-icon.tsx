import type { FileKind } from '@wenku/shared';
import {
  BookOpenIcon,
  FileCodeIcon,
  FileIcon,
  FileSpreadsheetIcon,
  FileTextIcon,
  FileTypeIcon,
  type LucideIcon,
  PresentationIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { documentKind } from './file-kind';

const ICONS: Record<FileKind, { icon: LucideIcon; className: string }> = {
  pdf: { icon: FileTextIcon, className: 'text-red-600 dark:text-red-400' },
  word: { icon: FileTextIcon, className: 'text-blue-600 dark:text-blue-400' },
  ppt: { icon: PresentationIcon, className: 'text-orange-600 dark:text-orange-400' },
  excel: { icon: FileSpreadsheetIcon, className: 'text-green-600 dark:text-green-400' },
  text: { icon: FileTypeIcon, className: 'text-slate-600 dark:text-slate-300' },
  epub: { icon: BookOpenIcon, className: 'text-violet-600 dark:text-violet-400' },
  mobi: { icon: BookOpenIcon, className: 'text-amber-600 dark:text-amber-400' },
  umd: { icon: BookOpenIcon, className: 'text-teal-600 dark:text-teal-400' },
  chm: { icon: FileCodeIcon, className: 'text-cyan-600 dark:text-cyan-400' },
  other: { icon: FileIcon, className: 'text-muted-foreground' },
};

/** The file-kind icon of a document (spec §3 kinds), coloured by kind; `ext` is `.pdf` or a file name. */
export function FileKindIcon({ ext, className }: { ext: string; className?: string }) {
  const { icon: Icon, className: tone } = ICONS[documentKind(ext)];
  return <Icon aria-hidden className={cn('size-5 shrink-0', tone, className)} />;
}
