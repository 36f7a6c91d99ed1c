export { type AppRouter, appRouter } from './routers/_app.ts';
export {
  type ApiContext,
  createCallerFactory,
  type ProcedureMeta,
  toWireError,
  type WireError,
} from './trpc.ts';
