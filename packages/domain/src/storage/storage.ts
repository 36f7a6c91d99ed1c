import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where files live: local disk by default, an S3-compatible store in production behind the same interface. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file under `key`, moving it when possible (large uploads are never read into memory). */
  putFile(key: string, sourcePath: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Readable;
  /** `length` bytes from `offset` (fewer at the end of the file). */
  readRange(key: string, offset: number, length: number): Promise<Buffer>;
  remove(key: string): Promise<void>;
  /** Removes a folder of derived files (a document's previews). */
  removeDir(key: string): Promise<void>;
  /** Absolute path for tools that need a file (converters); local storage only. */
  localPath(key: string): string;
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

/** Files under one root folder; keys are relative paths with forward slashes. */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

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
    try {
      await stat(this.localPath(key));
      return true;
    } catch {
      return false;
    }
  }

  read(key: string): Readable {
    return createReadStream(this.localPath(key));
  }

  readRange(key: string, offset: number, length: number): Promise<Buffer> {
    return readFileRange(this.localPath(key), offset, length);
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }

  async removeDir(key: string): Promise<void> {
    await rm(this.localPath(key), { recursive: true, force: true });
  }
}

/** `uploads/a/b/c/d/e/{hash}{ext}` (moredoc-facts §19.1): fans files out over folders by hash. */
export const hashedKey = (prefix: string, hash: string, ext: string) =>
  join(prefix, ...hash.slice(0, 5).split(''), `${hash}${ext}`)
    .split(sep)
    .join('/');
