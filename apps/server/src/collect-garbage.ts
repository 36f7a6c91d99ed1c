import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Runs a full garbage collection now. The start leaves hundreds of megabytes of garbage that V8, with no allocation
 * pressure on an idle server, may keep for minutes: a first start on the embedded database creates its cluster in a
 * WebAssembly instance of its own (~400 MB, measured: resident memory 805 MB before a collection, 373 MB after), and
 * migrations and seeding leave theirs in every mode (issue 17: idle memory). Called when such work has finished, never
 * on a request's path. The collector is reached as Jest's leak detector reaches it: exposed to a new context only, so
 * the site's own code never gets a global `gc`.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
