import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Attachment, type EntityManager, FileChallenge } from '@wenku/db';
import { AttachmentType, DomainError, type FileChallengeDTO } from '@wenku/shared';
import { takeRateLimitPoint } from '../auth/login-limiter.ts';
import type { Actor, DomainContext } from '../context.ts';
import { forbidden, invalid, notFound } from '../errors.ts';

/**
 * Proof of possession for instant uploads (issue 15 item 1, docs/decisions.md): the MD5 of every document is public,
 * so knowing it proves nothing. The server names a random nonce and random byte ranges of the stored file; only a
 * holder of the file can answer with the SHA-256 of the nonce followed by those bytes. Nothing public (the MD5,
 * covers, preview pages, the extracted text) gives the raw bytes at random offsets across the whole file.
 */
const WHOLE_FILE_BELOW = 64 * 1024;
const RANGE_COUNT = 8;
const RANGE_BYTES = 4096;
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGES_PER_WINDOW = 60;
const CHALLENGE_WINDOW_MS = 60 * 60_000;

export interface ProofRange {
  offset: number;
  length: number;
}

/** The ranges to prove: a small file whole, a larger one by a few random slices spread over all of it. */
export function proofRanges(size: number, pick: (max: number) => number = randomInt): ProofRange[] {
  if (size <= WHOLE_FILE_BELOW) return [{ offset: 0, length: size }];
  return Array.from({ length: RANGE_COUNT }, () => ({ offset: pick(size - RANGE_BYTES + 1), length: RANGE_BYTES }));
}

/** SHA-256 (hex) of the UTF-8 nonce followed by the bytes of each range, in order: what the client must send. */
export function fileProof(nonce: string, parts: readonly Uint8Array[]): string {
  const hash = createHash('sha256').update(nonce, 'utf8');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/**
 * The stored file of a hash the library holds: the oldest live attachment, unless the hash is marked illegal, and
 * only while its file is in storage. Throws FORBIDDEN (illegal), NOT_FOUND.
 */
export async function findLibraryFile(ctx: DomainContext, hash: string) {
  const rows = await ctx.em.find(
    Attachment,
    { hash, type: AttachmentType.Document, deletedAt: null },
    { orderBy: { id: 'asc' } },
  );
  if (rows.some((a) => !a.enable)) throw forbidden('attachments.file_illegal');
  const file = rows[0];
  const key = file?.path.replace(/^\//, '');
  if (!file || !key || !(await ctx.runtime.storage.exists(key))) throw notFound('documents.file_not_in_library');
  return { attachment: file, key };
}

/**
 * Issues a single-use challenge, bound to the caller and the hash, that expires in minutes; only the expected answer
 * is stored (in PostgreSQL, so any web process can check it). Limited per member. Throws RATE_LIMITED, FORBIDDEN,
 * NOT_FOUND.
 */
export async function issueFileChallenge(ctx: DomainContext, actor: Actor, hash: string): Promise<FileChallengeDTO> {
  const window = await takeRateLimitPoint(ctx, `file_challenge:${actor.user.id}`, CHALLENGE_WINDOW_MS);
  if (window.points > CHALLENGES_PER_WINDOW) throw new DomainError('RATE_LIMITED', 'documents.too_many_file_proofs');
  const { attachment, key } = await findLibraryFile(ctx, hash);
  const ranges = proofRanges(Number(attachment.size));
  const parts = await Promise.all(ranges.map((r) => ctx.runtime.storage.readRange(key, r.offset, r.length)));
  const nonce = randomBytes(16).toString('hex');
  const id = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  // The member's spent and expired challenges go now: the table holds what is still answerable.
  await ctx.em.nativeDelete(FileChallenge, {
    userId: actor.user.id,
    $or: [{ expiresAt: { $lte: new Date() } }, { usedAt: { $ne: null } }],
  });
  await ctx.em.insert(FileChallenge, {
    id,
    userId: actor.user.id,
    hash,
    expected: fileProof(nonce, parts),
    expiresAt,
  });
  return { challenge_id: id, nonce, ranges, expires_at: expiresAt.toISOString() };
}

/**
 * Spends a challenge on an instant upload: it must be the caller's, for this hash, unexpired and unused, and the proof
 * must match. Spent by its first use, right or wrong, in its own statement (a failed upload does not give it back).
 * Throws VALIDATION_FAILED.
 */
export async function spendFileChallenge(
  em: EntityManager,
  actor: Actor,
  claim: { hash: string; challenge_id?: string; proof?: string },
): Promise<void> {
  if (!claim.challenge_id || !claim.proof) throw invalid('documents.file_proof_required', 'proof');
  const rows = await em.execute<{ expected: string }[]>(
    `update file_challenge set used_at = now()
     where id = ? and user_id = ? and hash = ? and used_at is null and expires_at > now()
     returning expected`,
    [claim.challenge_id, actor.user.id, claim.hash],
  );
  const expected = rows[0]?.expected;
  const ok =
    expected !== undefined &&
    expected.length === claim.proof.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(claim.proof));
  if (!ok) throw invalid('documents.file_proof_failed', 'proof');
}
