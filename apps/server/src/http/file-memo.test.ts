import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage } from '@wenku/domain/storage';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestBucket } from '../testing/s3.ts';
import { bucketObjects, FileMemo, fileEtag } from './file-memo.ts';

const dir = mkdtempSync(join(tmpdir(), 'wenku-file-memo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string, mtimeSeconds?: number) {
  const path = join(dir, name);
  writeFileSync(path, content);
  if (mtimeSeconds !== undefined) utimesSync(path, mtimeSeconds, mtimeSeconds);
  return path;
}

describe('FileMemo', () => {
  it('keeps a file with the validators send gives it, and answers from memory while it is fresh', async () => {
    let now = 1_000;
    const memo = new FileMemo(1024, 100, 5_000, () => now);
    const path = file('a.webp', 'page one', 1_700_000_000);
    const first = await memo.get(path);
    const st = statSync(path);
    expect(first?.body.toString()).toBe('page one');
    expect(first?.etag).toBe(fileEtag(st.size, st.mtime));
    expect(first?.etag).toMatch(/^W\/"8-[0-9a-f]+"$/);
    expect(first?.lastModified.getTime()).toBe(st.mtime.getTime());
    // Within its lifetime a change on disk is not looked at (no stat), after it the new file is sent.
    file('a.webp', 'page ONE', 1_700_000_100);
    now += 4_999;
    expect((await memo.get(path))?.body.toString()).toBe('page one');
    now += 1;
    const again = await memo.get(path);
    expect(again?.body.toString()).toBe('page ONE');
    expect(again?.etag).not.toBe(first?.etag);
    expect(memo.size).toBe(8);
  });

  it('sends a missing file as missing, and keeps neither large files nor more than its budget', async () => {
    const memo = new FileMemo(25, 10);
    await expect(memo.get(join(dir, 'none.webp'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await memo.get(file('big.webp', 'x'.repeat(11)))).toBeUndefined();
    expect(memo.size).toBe(0);
    const [p1, p2, p3] = ['1', '2', '3'].map((n) => file(`${n}.webp`, n.repeat(10)));
    await memo.get(p1 as string);
    await memo.get(p2 as string);
    await memo.get(p1 as string); // used again: the second is now the oldest
    await memo.get(p3 as string);
    expect(memo.size).toBe(20);
    rmSync(p2 as string);
    rmSync(p1 as string);
    // p1 still in memory (fresh); p2 was dropped, so it is looked for on disk.
    expect((await memo.get(p1 as string))?.body.toString()).toBe('1'.repeat(10));
    await expect(memo.get(p2 as string)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('FileMemo with a budget of nothing (PAGE_MEMO_MB=0)', () => {
  it('keeps no file and does not read it: every answer goes to the disk', async () => {
    const memo = new FileMemo(0, 100);
    const path = file('zero.webp', 'page');
    expect(await memo.get(path)).toBeUndefined();
    expect(await memo.get(path)).toBeUndefined();
    expect(memo.size).toBe(0);
  });
});

describe('FileMemo.forget', () => {
  it('drops a removed file and everything under a removed folder at once, and nothing beside them', async () => {
    const memo = new FileMemo(1024, 100, 60_000);
    const a = file('forget-a.webp', 'a');
    const b = file('forget-ab.webp', 'ab');
    await memo.get(a);
    await memo.get(b);
    const held = memo.size;
    memo.forget(a);
    expect(memo.size).toBe(held - 1);
    // A folder's path removes what is under it only: forget-a.webp is no prefix match for forget-ab.webp.
    memo.forget(dir);
    expect(memo.size).toBe(0);
    rmSync(a);
    await expect(memo.get(a)).rejects.toThrow(/ENOENT/);
  });
});

describe('FileMemo of a bucket', () => {
  it('keeps small objects by key with their ETag, asks the bucket again only when a copy is old, with a conditional GET', async () => {
    const bucket = await startTestBucket('wenku-memo');
    try {
      const e = bucket.env;
      const storage = new S3Storage({
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION as string,
        bucket: e.S3_BUCKET as string,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      });
      const asked: (string | undefined)[] = [];
      const getSmall = storage.getSmall.bind(storage);
      storage.getSmall = (key, ifNoneMatch, max) => {
        asked.push(ifNoneMatch);
        return getSmall(key, ifNoneMatch, max);
      };
      let now = 1_000;
      const memo = new FileMemo(1024, 100, 5_000, () => now, bucketObjects(storage));
      storage.onChanged((key) => memo.forget(key));
      const elsewhere = new S3Storage({ ...storage.options });
      await elsewhere.put('previews/a/1.webp', Buffer.from('page one'));

      const first = await memo.get('previews/a/1.webp');
      expect(first?.body.toString()).toBe('page one');
      expect(first?.etag).toMatch(/^"[0-9a-f]{32}"$/);
      expect(asked).toEqual([undefined]);
      // Fresh: from memory, the bucket is not asked; then asked with the ETag held, and 304 keeps the copy.
      now += 4_999;
      expect((await memo.get('previews/a/1.webp'))?.body.toString()).toBe('page one');
      expect(asked).toHaveLength(1);
      now += 1;
      expect((await memo.get('previews/a/1.webp'))?.etag).toBe(first?.etag);
      expect(asked).toEqual([undefined, first?.etag]);
      // Written by another process: the next comparison brings the new object.
      await elsewhere.put('previews/a/1.webp', Buffer.from('page ONE'));
      expect((await memo.get('previews/a/1.webp'))?.body.toString()).toBe('page one');
      now += 5_000;
      const changed = await memo.get('previews/a/1.webp');
      expect(changed?.body.toString()).toBe('page ONE');
      expect(changed?.etag).not.toBe(first?.etag);
      expect(memo.size).toBe(8);
      // Removed through this store: forgotten at once, and then missing.
      await storage.remove('previews/a/1.webp');
      expect(memo.size).toBe(0);
      await expect(memo.get('previews/a/1.webp')).rejects.toMatchObject({ code: 'ENOENT' });

      // Too large to keep: not read, not kept, and known as such until it is compared again.
      await elsewhere.put('previews/a/big.webp', Buffer.alloc(101, 1));
      const before = asked.length;
      expect(await memo.get('previews/a/big.webp')).toBeUndefined();
      expect(await memo.get('previews/a/big.webp')).toBeUndefined();
      expect(asked.length).toBe(before + 1);
      expect(memo.size).toBe(0);
      // A whole folder removed through this store goes at once.
      await elsewhere.put('previews/b/1.webp', Buffer.from('b1'));
      await memo.get('previews/b/1.webp');
      expect(memo.size).toBe(2);
      await storage.removeDir('previews/b');
      expect(memo.size).toBe(0);
    } finally {
      await bucket.stop();
    }
  }, 60_000);
});
