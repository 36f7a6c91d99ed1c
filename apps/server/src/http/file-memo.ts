import { readFile, stat } from 'node:fs/promises';
import type { S3Storage } from '@wenku/domain/storage';

/** A small file held in memory, with the validators `res.sendFile` would send for it. */
export interface MemoFile {
  body: Buffer;
  /** `send`'s weak ETag of the file (size and modification time), so browsers' copies stay valid either way. */
  etag: string;
  lastModified: Date;
}

/** A file as its source gives it: the bytes, or only its validators when it is over the limit asked. */
export interface LoadedFile {
  /** Undefined when the file is over the limit (not read), or cannot be kept as read. */
  body?: Buffer;
  size: number;
  etag: string;
  lastModified: Date;
}

/** Where a memo's files come from, and how a kept copy is compared with the original. */
export interface MemoSource {
  /**
   * The file named `id` as it is now: `'same'` when `held` (the copy kept, or what is known of a file too large to
   * keep) is still current, else the file, read only when it is at most `limit` bytes. Throws (code ENOENT) when there
   * is no such file.
   */
  load(id: string, held: LoadedFile | undefined, limit: number): Promise<'same' | LoadedFile>;
}

interface Entry extends LoadedFile {
  /** When the original was last compared with this copy (ms). */
  checkedAt: number;
}

/** The weak ETag `send` (behind `res.sendFile`) gives a file: `W/"<size hex>-<mtime ms hex>"`. */
export const fileEtag = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

/** Files on local disk by absolute path, compared by size and modification time (one `stat`). */
export const localFiles: MemoSource = {
  async load(path, held, limit) {
    const st = await stat(path);
    const file = { size: st.size, etag: fileEtag(st.size, st.mtime), lastModified: st.mtime };
    if (!st.isFile() || st.size > limit) return file;
    if (held && held.size === st.size && held.lastModified.getTime() === st.mtime.getTime()) return 'same';
    const body = await readFile(path);
    // Written between the stat and the read: the validators of what was read are unknown, so not kept.
    return body.length === st.size ? { ...file, body } : { ...file, size: 0 };
  },
};

/** Objects in a bucket by key, compared by ETag (a conditional GET: 304 when unchanged, else the new object). */
export function bucketObjects(storage: S3Storage): MemoSource {
  return { load: (key, held, limit) => storage.getSmall(key, held?.etag, limit) };
}

/**
 * Page images and covers a web process sends again and again, kept in memory (issue 19): from disk each costs a
 * `stat`, `open`, `read` and `close` through libuv's thread pool, about half of the process's time per page image
 * under load (measured with `--cpu-prof`), where nginx answers from its open-file cache with `sendfile`; from a bucket
 * each is a request to the store through the AWS SDK.
 *
 * What is kept is only the bytes: the access check runs before every answer all the same. A copy is compared with
 * the original again (one `stat` on disk, one conditional GET to a bucket) once it is `ttlMs` old, so a page written
 * again (a reconversion under the same hash) is sent within that time, as the `immutable` public cache headers of
 * these files already accept. Files over `maxFileBytes` are not kept (only that they are too large, for `ttlMs`); the
 * least recently used go when `maxBytes` or `maxEntries` is reached. Requests for one file at once share one read.
 */
/** What a web process keeps by default (env PAGE_MEMO_MB): a few hundred page images of the documents read most. */
export const DEFAULT_PAGE_MEMO_BYTES = 32 * 1024 * 1024;

export class FileMemo {
  private readonly entries = new Map<string, Entry>();
  /** Reads and comparisons under way, shared by the requests that wait for them. */
  private readonly loading = new Map<string, Promise<Entry | undefined>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = DEFAULT_PAGE_MEMO_BYTES,
    private readonly maxFileBytes = 1024 * 1024,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
    private readonly source: MemoSource = localFiles,
    private readonly maxEntries = 10_000,
  ) {}

  /** The file `id` (a path, or a key of the source), from memory or read now; undefined when it is not kept. */
  async get(id: string): Promise<MemoFile | undefined> {
    const entry = this.entries.get(id);
    if (entry && this.now() - entry.checkedAt < this.ttlMs) {
      // Most recently used last, so the first in the map is the next to go.
      this.entries.delete(id);
      this.entries.set(id, entry);
      return memoFile(entry);
    }
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id, entry).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    const loaded = await pending;
    return loaded && memoFile(loaded);
  }

  private async load(id: string, held: Entry | undefined): Promise<Entry | undefined> {
    const limit = Math.min(this.maxFileBytes, this.maxBytes);
    let file: 'same' | LoadedFile;
    try {
      file = await this.source.load(id, held, limit);
    } catch (e) {
      this.drop(id);
      throw e;
    }
    const checkedAt = this.now();
    if (file === 'same' && held && this.entries.get(id) === held) {
      held.checkedAt = checkedAt;
      this.entries.delete(id);
      this.entries.set(id, held);
      return held;
    }
    this.drop(id);
    // Unchanged, but forgotten meanwhile (removed through this process): read again on the next request.
    if (file === 'same') return undefined;
    // Neither read nor too large (a file being written, a folder): nothing known to keep.
    if (!file.body && file.size <= limit) return undefined;
    const fresh: Entry = { ...file, checkedAt };
    this.entries.set(id, fresh);
    this.bytes += fresh.body?.length ?? 0;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
      this.bytes -= old.body?.length ?? 0;
    }
    return this.entries.get(id);
  }

  /** Drops the copy of `id` and of every file under it (a removed file or folder). */
  forget(id: string) {
    for (const key of [...this.entries.keys()]) if (key === id || key.startsWith(`${id}/`)) this.drop(key);
  }

  private drop(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.body?.length ?? 0;
  }

  /** Bytes held now (for tests). */
  get size() {
    return this.bytes;
  }
}

/** What is sent of a kept copy; undefined when only its validators are known (a file too large to keep). */
const memoFile = (entry: Entry): MemoFile | undefined =>
  entry.body ? { body: entry.body, etag: entry.etag, lastModified: entry.lastModified } : undefined;
