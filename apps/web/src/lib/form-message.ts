import { needReasons } from './reasons';

/**
 * What a form imports to word its messages (`formMessage`, `isPlainReason`): importing it starts loading the
 * reason catalogue of the reader's language (lib/reasons.ts), so a page fetches the catalogue with its first form
 * and never without one (issue 17).
 */
export { formMessage, isPlainReason } from './reasons';

needReasons();
