/**
 * The web app's `zod` (vite.config.ts aliases every import of `zod` here, the shared schemas' too). zod builds each
 * object schema's parser with `new Function` after probing, when the schema is created, whether eval is allowed; the
 * site's Content-Security-Policy forbids eval (issue 15 item 10), so the probe alone would report a violation on
 * every page. Turning the compiled parsers off here, before any schema exists, avoids the probe.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
