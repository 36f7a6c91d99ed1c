import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileProof, proofRanges } from './file-proof.service.ts';

describe('proof of possession', () => {
  it('proves a small file whole and a larger one by slices that stay inside it', () => {
    expect(proofRanges(1000)).toEqual([{ offset: 0, length: 1000 }]);
    const size = 10 * 1024 * 1024;
    const ranges = proofRanges(size);
    expect(ranges).toHaveLength(8);
    expect(ranges.every((r) => r.offset >= 0 && r.offset + r.length <= size)).toBe(true);
    // The last possible slice ends exactly at the end of the file.
    expect(proofRanges(size, (max) => max - 1)[0]).toEqual({ offset: size - 4096, length: 4096 });
  });

  it('answers the SHA-256 of the nonce followed by the slices, in order', () => {
    const a = Buffer.from('first');
    const b = Buffer.from('second');
    const expected = createHash('sha256').update('nonce').update(a).update(b).digest('hex');
    expect(fileProof('nonce', [a, b])).toBe(expected);
    expect(fileProof('nonce', [b, a])).not.toBe(expected);
  });
});
