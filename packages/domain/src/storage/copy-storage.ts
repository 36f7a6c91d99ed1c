import type { S3Storage } from './s3-storage.ts';
import type { LocalStorage } from './storage.ts';
import { md5Of } from './storage.ts';

export interface StorageCopyReport {
  files: number;
  copied: number;
  /** Already in the bucket from an earlier run (same size and MD5). */
  present: number;
  bytes: number;
  /** Keys whose copy could not be verified (read back with other bytes); the run fails when any. */
  failed: string[];
}

/** Files copied at once. */
const PARALLEL = 4;

/**
 * Copies every file of a local store into a bucket, so a site switches to STORAGE=s3 without losing one. Resumable:
 * a file already in the bucket with the same size and MD5 (recorded as metadata by an earlier run) is skipped. Each
 * file copied is read back from the bucket and its MD5 compared. Local files are left in place.
 */
export async function copyStorageToBucket(
  from: LocalStorage,
  to: S3Storage,
  log: (message: string) => void = () => {},
): Promise<StorageCopyReport> {
  const report: StorageCopyReport = { files: 0, copied: 0, present: 0, bytes: 0, failed: [] };
  const files = from.list('')[Symbol.asyncIterator]();
  const copyOne = async (key: string, size: number) => {
    const md5 = await md5Of(from.read(key));
    const there = await to.head(key);
    if (there && there.size === size && there.metadata['wenku-md5'] === md5) {
      report.present++;
      return;
    }
    await to.putCopy(key, from.localPath(key), { 'wenku-md5': md5 });
    if ((await md5Of(to.read(key))) !== md5) {
      report.failed.push(key);
      log(`${key}: the copy in the bucket differs from the file; run again`);
      return;
    }
    report.copied++;
    report.bytes += size;
    if (report.copied % 500 === 0) log(`${report.copied} files copied…`);
  };
  // A few files at once, each taken from the one listing.
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let next = await files.next(); !next.done; next = await files.next()) {
        report.files++;
        await copyOne(next.value.key, next.value.size);
      }
    }),
  );
  return report;
}
