import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A package the server loads the first time it is used rather than when it starts (issue 17): the crawler's DOM,
 * the language detector and the payment SDK weigh tens of megabytes that an idle site need not hold. Synchronous,
 * so the functions using it keep their signatures; every package loaded so ships a CommonJS build.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(name) as T;
    return loaded;
  };
}
