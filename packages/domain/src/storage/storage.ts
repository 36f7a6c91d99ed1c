import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a store knows of one stored file without reading it. */
export interface StoredFileInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Where files live: local disk by default, an S3-compatible store (`STORAGE=s3`) behind the same interface. */
export interface Storage {
  /** `local` or `s3`: how the server sends a stored file (a file from disk, or the object store's answer). */
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file under `key` and removes the local file (large uploads are never read into memory). */
  putFile(key: string, sourcePath: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Size and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  read(key: string): Readable;
  /** `length` bytes from `offset` (fewer at the end of the file). */
  readRange(key: string, offset: number, length: number): Promise<Buffer>;
  /**
   * Copies a stored file to a local path: converters work on a scratch copy, whichever store holds the original.
   * Throws when the file is missing.
   */
  copyToFile(key: string, destPath: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes a folder of derived files (a document's previews). */
  removeDir(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix` (all of them for ''), in pages. */
  list(prefix?: string): AsyncIterable<StoredFileInfo>;
}

/** `length` bytes of a local file from `offset` (fewer at its end), without reading the rest. */
export async function readFileRange(path: string, offset: number, length: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Names of files being written (put, putFile): never listed, never copied. */
const PARTIAL_FILE = /\.\d+\.\d+\.tmp$/;

/** Files under one root folder; keys are relative paths with forward slashes. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;

  /** Told the absolute path of each file or folder this process removes (see onRemoved). */
  private readonly removedListeners = new Set<(path: string) => void>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  /**
   * Calls `listener` with the absolute path of every file or folder removed through this store in this process, so a
   * copy held in memory (the web's page-image memo) goes at once rather than at its next check against the disk.
   */
  onRemoved(listener: (path: string) => void): void {
    this.removedListeners.add(listener);
  }

  /** Absolute path of a stored file, for `res.sendFile` (local storage only). */
  localPath(key: string): string {
    const p = resolve(this.root, key);
    // A key can never escape the root (keys are derived from hashes, but defend anyway).
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid storage key ${key}`);
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.localPath(key);
    await mkdir(dirname(p), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${p}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, p);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const p = this.localPath(key);
    await mkdir(dirname(p), { recursive: true });
    try {
      await rename(sourcePath, p);
    } catch {
      // Another file system: copy through a temporary name, then swap in.
      const tmp = `${p}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(sourcePath, tmp);
      await rename(tmp, p);
      await rm(sourcePath, { force: true });
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const s = await stat(this.localPath(key));
      return s.isFile() ? { key, size: s.size, modifiedAt: s.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  readRange(key: string, offset: number, length: number): Promise<Buffer> {
    return readFileRange(this.localPath(key), offset, length);
  }

  async copyToFile(key: string, destPath: string): Promise<void> {
    await mkdir(dirname(destPath), { recursive: true });
    // A copy-on-write clone where the file system has them, a plain copy elsewhere.
    await copyFile(this.localPath(key), destPath, constants.COPYFILE_FICLONE);
  }

  async remove(key: string): Promise<void> {
    const p = this.localPath(key);
    await rm(p, { force: true });
    for (const listener of this.removedListeners) listener(p);
  }

  async removeDir(key: string): Promise<void> {
    const p = this.localPath(key);
    await rm(p, { recursive: true, force: true });
    for (const listener of this.removedListeners) listener(p);
  }

  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    const walk = async function* (dir: string, root: string): AsyncIterable<StoredFileInfo> {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const e of entries) {
        const p = join(dir, e.name);
        if (e.isDirectory()) yield* walk(p, root);
        else if (e.isFile() && !PARTIAL_FILE.test(e.name)) {
          const s = await stat(p).catch(() => null);
          if (s) yield { key: relative(root, p).split(sep).join('/'), size: s.size, modifiedAt: s.mtime };
        }
      }
    };
    // The folder part of the prefix narrows the walk; the rest filters names.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    for await (const f of walk(folder ? this.localPath(folder) : this.root, this.root)) {
      if (f.key.startsWith(prefix)) yield f;
    }
  }
}

/** The MD5 (hex) of a stream's bytes, read once. */
export async function md5Of(stream: AsyncIterable<unknown>): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes a stream to a local file, creating its folder. */
export async function streamToFile(body: Readable, destPath: string): Promise<void> {
  await mkdir(dirname(destPath), { recursive: true });
  await pipeline(body, createWriteStream(destPath));
}

/** `uploads/a/b/c/d/e/{hash}{ext}` (moredoc-facts §19.1): fans files out over folders by hash. */
export const hashedKey = (prefix: string, hash: string, ext: string) =>
  join(prefix, ...hash.slice(0, 5).split(''), `${hash}${ext}`)
    .split(sep)
    .join('/');
