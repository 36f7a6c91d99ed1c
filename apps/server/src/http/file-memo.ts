import { readFile, stat } from 'node:fs/promises';

/** A small file held in memory, with the validators `res.sendFile` would send for it. */
export interface MemoFile {
  body: Buffer;
  /** `send`'s weak ETag of the file (size and modification time), so browsers' copies stay valid either way. */
  etag: string;
  lastModified: Date;
}

interface Entry extends MemoFile {
  /** When the file on disk was last compared with this copy (ms). */
  checkedAt: number;
}

/** The weak ETag `send` (behind `res.sendFile`) gives a file: `W/"<size hex>-<mtime ms hex>"`. */
export const fileEtag = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

/**
 * Page images and covers a web process sends again and again, kept in memory (issue 19): from disk each costs a
 * `stat`, `open`, `read` and `close` through libuv's thread pool, about half of the process's time per page image
 * under load (measured with `--cpu-prof`), where nginx answers from its open-file cache with `sendfile`.
 *
 * What is kept is only the bytes: the access check runs before every answer all the same. A copy is compared with
 * the file on disk again (one `stat`) once it is `ttlMs` old, so a page written again (a reconversion under the same
 * hash) is sent within that time, as the `immutable` public cache headers of these files already accept. Files over
 * `maxFileBytes` are not kept; the least recently used go when `maxBytes` is reached.
 */
/** What a web process keeps by default (env PAGE_MEMO_MB): a few hundred page images of the documents read most. */
export const DEFAULT_PAGE_MEMO_BYTES = 32 * 1024 * 1024;

export class FileMemo {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = DEFAULT_PAGE_MEMO_BYTES,
    private readonly maxFileBytes = 1024 * 1024,
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The file at `path`, from memory or read now; undefined when it is too large to keep (send it from disk). */
  async get(path: string): Promise<MemoFile | undefined> {
    const entry = this.entries.get(path);
    const now = this.now();
    if (entry && now - entry.checkedAt < this.ttlMs) {
      // Most recently used last, so the first in the map is the next to go.
      this.entries.delete(path);
      this.entries.set(path, entry);
      return entry;
    }
    const st = await stat(path);
    if (!st.isFile() || st.size > Math.min(this.maxFileBytes, this.maxBytes)) {
      this.drop(path);
      return undefined;
    }
    if (entry && entry.body.length === st.size && entry.lastModified.getTime() === st.mtime.getTime()) {
      entry.checkedAt = now;
      this.entries.delete(path);
      this.entries.set(path, entry);
      return entry;
    }
    const body = await readFile(path);
    // Written between the stat and the read: the validators of what was read are unknown, so not kept.
    if (body.length !== st.size) return undefined;
    this.drop(path);
    const fresh: Entry = { body, etag: fileEtag(st.size, st.mtime), lastModified: st.mtime, checkedAt: now };
    this.entries.set(path, fresh);
    this.bytes += body.length;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    return this.entries.get(path);
  }

  /** Drops the copy of `path` and of every file under it (a removed file or folder). */
  forget(path: string) {
    for (const key of [...this.entries.keys()]) if (key === path || key.startsWith(`${path}/`)) this.drop(key);
  }

  private drop(path: string) {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.bytes -= entry.body.length;
  }

  /** Bytes held now (for tests). */
  get size() {
    return this.bytes;
  }
}
