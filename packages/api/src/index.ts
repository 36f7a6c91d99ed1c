export { type AppRouter, appRouter } from './routers/_app.ts';
export {
  type ApiContext,
  createCallerFactory,
  type ProcedureMeta,
  toWireError,
  type WireError,
} from './trpc.ts';
export {
  callQuery,
  deserializeInput,
  errorResponse,
  httpStatusOf,
  type ProcedureEntry,
  type ProcedureType,
  procedureAt,
  procedureTable,
  type RpcResponse,
  responseJson,
  trpcErrorFrom,
} from './trpc-internals.ts';
