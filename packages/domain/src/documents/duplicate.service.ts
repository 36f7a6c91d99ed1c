import type { EntityManager } from '@wenku/db';
import { DocumentStatus } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { pgArray } from '../search/sql.ts';
import { NEAR_DUPLICATE_BITS, similarityPercent } from './fingerprint.ts';

/** The earlier document a document's text most likely repeats, for reviewers. */
export interface DuplicateHint {
  id: number;
  uuid: string;
  title: string;
  /** Percent of fingerprint bits in common (100 for the same file). */
  similarity: number;
}

/**
 * For each of the given documents, the older live document (not failed) whose text fingerprint is nearest within
 * NEAR_DUPLICATE_BITS (the same file counts, at 100 %); documents without a fingerprint or a near twin are absent.
 */
export async function nearDuplicates(em: EntityManager, ids: readonly number[]): Promise<Map<number, DuplicateHint>> {
  const out = new Map<number, DuplicateHint>();
  if (ids.length === 0) return out;
  // em.execute runs inside the caller's transaction, which may just have stored this document's fingerprint.
  const rows = await em.execute<{ id: number; other_id: number; uuid: string; title: string; distance: number }[]>(
    `select distinct on (d.id) d.id, o.id as other_id, o.uuid, o.title,
            bit_count((ca.simhash # co.simhash)::bit(64))::int as distance
       from document d
       join attachment_content ca on ca.hash = d.hash and ca.simhash is not null
       join attachment_content co on co.simhash is not null
            and bit_count((ca.simhash # co.simhash)::bit(64)) <= ?
       join document o on o.hash = co.hash and o.id < d.id and o.deleted_at is null and o.status <> ?
      where d.id = any(?::int[])
      order by d.id, distance, o.id`,
    // A failed document (a refused copy among them) is no original to point at.
    [NEAR_DUPLICATE_BITS, DocumentStatus.Failed, pgArray([...new Set(ids)])],
  );
  for (const r of rows) {
    out.set(r.id, { id: r.other_id, uuid: r.uuid, title: r.title, similarity: similarityPercent(r.distance) });
  }
  return out;
}

export const FINGERPRINT_QUEUE = 'fingerprint-document';

/**
 * Queues the text extraction of a document waiting for review, so reviewers see its likely duplicate before they
 * approve it (the full conversion runs only after approval).
 */
export async function enqueueFingerprint(ctx: DomainContext, documentId: number) {
  try {
    await ctx.runtime.queue?.send(FINGERPRINT_QUEUE, { documentId }, { singletonKey: `fp:${documentId}` });
  } catch (e) {
    console.error('enqueue fingerprint', documentId, e);
  }
}
