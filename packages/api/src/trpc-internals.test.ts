import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callQuery, procedureAt } from './trpc-internals.ts';

/**
 * `procedureAt(...).call` and `callQuery` run a procedure's middleware chain themselves (runMiddlewares): they must
 * answer exactly what tRPC's own caller answers, data and errors, context and input changes through `next`.
 */
const t = initTRPC.context<{ user: string; trail: string[] }>().meta<{ tag: string }>().create();
const tagged = t.procedure.meta({ tag: 'm' }).use(async ({ ctx, meta, next }) => {
  const result = await next({ ctx: { user: `${ctx.user}+${meta?.tag}`, extra: 1 } });
  return result;
});
const appRouter = t.router({
  echo: tagged
    .input(z.object({ n: z.coerce.number().int() }))
    .use(({ next, input }) => next({ input: { n: input.n * 2 } }))
    .output(z.object({ user: z.string(), n: z.number(), extra: z.number(), trail: z.number() }))
    .query(({ ctx, input }) => ({
      user: ctx.user,
      n: input.n,
      extra: ctx.extra,
      trail: ctx.trail.length,
      dropped: true,
    })),
  fails: tagged.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
  }),
  crashes: tagged.query(() => {
    throw new Error('boom');
  }),
  badOutput: tagged.output(z.object({ a: z.string() })).query(() => ({ a: 1 }) as never),
  write: tagged.input(z.object({ s: z.string() })).mutation(({ input }) => input.s),
});
const caller = t.createCallerFactory(appRouter)({ user: 'u', trail: [] });
const ctx = { user: 'u', trail: [] };

async function outcome(p: Promise<unknown>) {
  try {
    return { data: await p };
  } catch (e) {
    const err = e as TRPCError;
    return { error: { name: err.name, code: err.code, message: err.message, cause: err.cause?.message } };
  }
}

describe('procedures called through runMiddlewares', () => {
  it('answer as tRPC’s caller does: context and input through next, output parsed, errors alike', async () => {
    const cases: [string, unknown, () => Promise<unknown>][] = [
      ['echo', { n: '21' }, () => caller.echo({ n: '21' as never })],
      ['echo', { n: 'x' }, () => caller.echo({ n: 'x' as never })],
      ['fails', undefined, () => caller.fails()],
      ['crashes', undefined, () => caller.crashes()],
      ['badOutput', undefined, () => caller.badOutput()],
      ['write', { s: 'hi' }, () => caller.write({ s: 'hi' })],
    ];
    for (const [path, input, viaTrpc] of cases) {
      const ours = await outcome(procedureAt(appRouter, path)?.call(ctx, input) as Promise<unknown>);
      expect(ours, path).toEqual(await outcome(viaTrpc()));
    }
    expect(await outcome(procedureAt(appRouter, 'echo')?.call(ctx, { n: 21 }) as Promise<unknown>)).toEqual({
      data: { user: 'u+m', n: 42, extra: 1, trail: 0 },
    });
  });

  it('callQuery answers queries only, as tRPC’s request handler does', async () => {
    expect(await callQuery(appRouter, 'echo', ctx, { n: 1 }, 0)).toEqual({ user: 'u+m', n: 2, extra: 1, trail: 0 });
    for (const path of ['write', 'missing', 'toString']) {
      const e = await outcome(callQuery(appRouter, path, ctx, { s: 'x' }, 0));
      expect(e).toMatchObject({ error: { code: 'NOT_FOUND', message: `No "query"-procedure on path "${path}"` } });
    }
  });
});
