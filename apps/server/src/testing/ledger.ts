import type { TestServer } from './harness.ts';

/** A member's stored balance. */
export const balanceOf = async (server: TestServer, userId: number) =>
  (await server.sql<{ credit_count: number }>('select credit_count from "user" where id = ?', [userId]))[0]
    ?.credit_count ?? 0;

/** The sum of a member's ledger rows: always equal to the balance. */
export const ledgerSumOf = async (server: TestServer, userId: number) =>
  Number(
    (
      await server.sql<{ s: string }>('select coalesce(sum(delta), 0) as s from credit_log where user_id = ?', [userId])
    )[0]?.s ?? 0,
  );
