import { fileExtension } from '@wenku/shared';
import { SPEC_DOCUMENT_EXTENSIONS } from './file-kind';

/** Default of security.max_document_size (moredoc-facts §4.3). */
export const DEFAULT_MAX_DOCUMENT_MB = 50;

/**
 * Extensions the upload accepts, with the dot: security.document_allowed_ext when the administrator set it (kept
 * within the spec's list), else every extension of spec §3.
 */
export function allowedExtensions(configured: readonly string[]): string[] {
  const normalized = configured
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  const known = normalized.filter((e) => SPEC_DOCUMENT_EXTENSIONS.includes(e));
  return known.length > 0 ? [...new Set(known)] : [...SPEC_DOCUMENT_EXTENSIONS];
}

/** Files above this size go up resumably through tus in chunks of the same size; smaller ones in one plain POST. */
export const RESUMABLE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Whether a file is uploaded through tus (resumable) rather than the plain multipart POST. */
export function usesResumableUpload(size: number): boolean {
  return size > RESUMABLE_UPLOAD_BYTES;
}

/** security.max_document_size in MB; empty, zero or nonsense falls back to 50 as on the server. */
export function maxDocumentMb(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_DOCUMENT_MB;
}

export type FileRefusal = { reason: 'ext' } | { reason: 'size'; maxMb: number } | { reason: 'empty' };

/** Why a picked file cannot be uploaded, checked before any byte is sent; null when it may go. */
export function checkFile(
  file: { name: string; size: number },
  rules: { allowed: readonly string[]; maxMb: number },
): FileRefusal | null {
  const ext = fileExtension(file.name);
  if (!ext || !rules.allowed.includes(`.${ext}`)) return { reason: 'ext' };
  if (file.size <= 0) return { reason: 'empty' };
  if (file.size > rules.maxMb * 1024 * 1024) return { reason: 'size', maxMb: rules.maxMb };
  return null;
}

/** The editable title of a file: its name without folder and extension, at most 255 characters. */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim();
  return [...stem].slice(0, 255).join('');
}

/** A picked file's identity in the queue: the same name and size twice is the same file (moredoc ignores it). */
export const fileKey = (file: { name: string; size: number; webkitRelativePath?: string }) =>
  `${file.webkitRelativePath || file.name}:${file.size}`;

/** Splits picked files into those to add and those refused, skipping files already queued. */
export function sortPickedFiles<F extends { name: string; size: number; webkitRelativePath?: string }>(
  files: readonly F[],
  queued: ReadonlySet<string>,
  rules: { allowed: readonly string[]; maxMb: number },
): { accepted: F[]; refused: { file: F; refusal: FileRefusal }[]; duplicates: F[] } {
  const accepted: F[] = [];
  const refused: { file: F; refusal: FileRefusal }[] = [];
  const duplicates: F[] = [];
  const seen = new Set(queued);
  for (const file of files) {
    const key = fileKey(file);
    if (seen.has(key)) {
      duplicates.push(file);
      continue;
    }
    const refusal = checkFile(file, rules);
    if (refusal) refused.push({ file, refusal });
    else {
      seen.add(key);
      accepted.push(file);
    }
  }
  return { accepted, refused, duplicates };
}

/** Runs `task` over items with at most `limit` at a time (moredoc uploads two files at once), in order of start. */
export async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
