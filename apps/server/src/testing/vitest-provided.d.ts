import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated test database of this run (scripts/test/global-setup.ts). */
    databaseUrl: string;
  }
}
