import { FILE_HASH_SLICE_BYTES } from '@wenku/shared';
import { createMD5 } from 'hash-wasm';
import i18n from '@/i18n';
import { session } from '@/lib/session';

/** moredoc's upload timeout (moredoc-facts §22): 100 minutes for one file. */
const UPLOAD_TIMEOUT_MS = 100 * 60_000;

const aborted = () => new DOMException('aborted', 'AbortError');

/**
 * MD5 of a file read in 2 MB slices (spec §9), so a large file never sits in memory whole. `onProgress` gets the
 * fraction hashed (0–1).
 */
export async function hashFile(file: Blob, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const md5 = await createMD5();
  md5.init();
  for (let offset = 0; offset < file.size; offset += FILE_HASH_SLICE_BYTES) {
    if (signal?.aborted) throw aborted();
    const slice = file.slice(offset, Math.min(file.size, offset + FILE_HASH_SLICE_BYTES));
    md5.update(new Uint8Array(await slice.arrayBuffer()));
    onProgress?.(Math.min(1, (offset + slice.size) / file.size));
  }
  return md5.digest('hex');
}

export interface UploadedFile {
  id: number;
  hash: string;
  name: string;
  size: number;
  ext: string;
}

/** An upload refused by the server: its message (spec §8) and HTTP status. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Step 1 of moredoc's upload (moredoc-facts §6.1): `POST /api/v1/upload/document`, multipart field `file`, with the
 * bearer token. XMLHttpRequest rather than fetch for the upload progress events; `onProgress` gets 0–1.
 */
export function sendDocumentFile(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/upload/document');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'json';
    const { token } = session.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const body = (xhr.response ?? {}) as { message?: string; data?: Partial<UploadedFile> };
      if (xhr.status >= 200 && xhr.status < 300 && body.data?.id) {
        resolve(body.data as UploadedFile);
        return;
      }
      // spec §8: the server's message, else status and status text.
      const fallback =
        xhr.status === 413 ? i18n.t('documents.upload.tooLargeForServer') : `${xhr.status} ${xhr.statusText}`;
      reject(new UploadError(body.message || fallback.trim() || i18n.t('error.generic'), xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(i18n.t('error.network'), 0));
    };
    xhr.ontimeout = () => {
      done();
      reject(new UploadError(i18n.t('error.timeout'), 0));
    };
    xhr.onabort = () => {
      done();
      reject(aborted());
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
