import { zodResolver } from '@hookform/resolvers/zod';
import { reasonsReady } from './reasons';

/**
 * `zodResolver` that waits for the reason catalogue (lib/reasons.ts) before it answers: the shared schemas name reason
 * keys, which a form words with `formMessage` when it renders the errors. The catalogue loads with the form's module
 * (issue 17); a submit faster than that load would otherwise show keys.
 */
export const formResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = zodResolver(...args);
  return async (...call: Parameters<typeof resolve>) => {
    await reasonsReady();
    return resolve(...call);
  };
}) as typeof zodResolver;
