import { FILE_HASH_SLICE_BYTES, type FileChallengeDTO } from '@wenku/shared';
import { createMD5, createSHA256 } from 'hash-wasm';
import { DetailedError, Upload } from 'tus-js-client';
import i18n from '@/i18n';
import '@/i18n/areas/account';
import { session } from '@/lib/session';
import { RESUMABLE_UPLOAD_BYTES, usesResumableUpload } from './upload-checks';

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

/**
 * The answer to a proof-of-possession challenge of an instant upload: SHA-256 (hex) of the nonce followed by the
 * bytes of each named range of the local file (docs/decisions.md). Only the ranges are read, never the whole file.
 * hash-wasm rather than WebCrypto: crypto.subtle is missing on a site served over plain HTTP.
 */
export async function proveFile(file: Blob, challenge: Pick<FileChallengeDTO, 'nonce' | 'ranges'>): Promise<string> {
  const sha = await createSHA256();
  sha.init();
  sha.update(challenge.nonce);
  for (const r of challenge.ranges) {
    sha.update(new Uint8Array(await file.slice(r.offset, r.offset + r.length).arrayBuffer()));
  }
  return sha.digest('hex');
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
 * Step 1 of moredoc's upload (moredoc-facts §6.1): sends the file and answers the attachment it became. Files above
 * 5 MB go through tus so a dropped connection or a page reload resumes; smaller ones in one POST. `onProgress` gets
 * 0–1.
 */
export function sendDocumentFile(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return usesResumableUpload(file.size) ? sendResumable(file, onProgress, signal) : sendPlain(file, onProgress, signal);
}

/**
 * `POST /api/v1/upload/document`, multipart field `file`, with the bearer token. XMLHttpRequest rather than fetch for
 * the upload progress events.
 */
function sendPlain(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedFile> {
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

const TUS_ENDPOINT = '/api/v1/upload/tus';
const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** The server's `{ code, message }` body, or null when the body is not one. */
function parseBody(text: string | undefined): { message?: string; data?: Partial<UploadedFile> } | null {
  try {
    const body = JSON.parse(text ?? '') as unknown;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

function tusFailure(err: Error | DetailedError): UploadError {
  const response = err instanceof DetailedError ? err.originalResponse : null;
  if (!response) return new UploadError(i18n.t('error.network'), 0);
  const status = response.getStatus();
  const message = parseBody(response.getBody())?.message;
  const fallback = status === 413 ? i18n.t('documents.upload.tooLargeForServer') : `${status}`;
  return new UploadError(message || fallback, status);
}

/**
 * tus 1.0 upload to `/api/v1/upload/tus` in 5 MB chunks. tus-js-client remembers the upload URL in localStorage
 * under a fingerprint of the file; the fingerprint carries the user id because the server serves an upload only to
 * the member who created it. The server answers the last PATCH with the attachment, as a plain upload does.
 */
function sendResumable(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const { token, user } = session.get();
    const onAbort = () => {
      // Not terminated on the server: picking the same file again resumes where it stopped.
      void upload.abort();
      reject(aborted());
    };
    const done = () => signal?.removeEventListener('abort', onAbort);
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      chunkSize: RESUMABLE_UPLOAD_BYTES,
      retryDelays: TUS_RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      fingerprint: async (f) =>
        ['wenku-tus', user?.id ?? 0, f.name, f.type, f.size, f.lastModified, TUS_ENDPOINT].join('-'),
      onProgress: (sent, total) => {
        if (total > 0) onProgress?.(sent / total);
      },
      onSuccess: ({ lastResponse }) => {
        done();
        const body = parseBody(lastResponse.getBody());
        if (body?.data?.id) resolve(body.data as UploadedFile);
        else reject(new UploadError(body?.message || i18n.t('error.generic'), lastResponse.getStatus()));
      },
      onError: (err) => {
        done();
        reject(tusFailure(err));
      },
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal?.aborted) return;
        // creationTime is Date#toString, so compare it parsed.
        const latest = previous.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      })
      .catch((e: unknown) => {
        done();
        reject(e);
      });
  });
}
