import { appRouter, procedureAt } from '@wenku/api';
import { IMAGE_UPLOAD_KINDS } from '@wenku/domain';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from './routes.ts';
import { SPEC_CALLS } from './spec-calls.ts';

const key = (m: string, p: string) => `${m} ${p}`;
/** Calls Wenku adds to moredoc's API. */
const OWN_CALLS = [
  'PUT /document/check',
  'GET /document/find',
  'GET /document/page/text',
  'PUT /category/sort',
  'POST /downcode',
  'GET /downcode/list',
  'DELETE /downcode',
  'POST /document/challenge',
];
/** Issues whose calls must all be served. */
const LANDED = [2, 3, 4, 5, 6, 8, 16];
const served = new Set([
  ...REST_ROUTES.map((r) => key(r.method, r.path)),
  ...Object.keys(IMAGE_UPLOAD_KINDS).map((k) => key('POST', `/upload/${k}`)),
  // Plain handlers (multipart upload).
  key('POST', '/upload/document'),
]);

describe('REST route table (ARCHITECTURE.md rule 4)', () => {
  it('serves every spec §7 / moredoc-pro call marked for this issue', () => {
    const missing = SPEC_CALLS.filter((c) => LANDED.includes(c.issue) && !served.has(key(c.method, c.path)));
    expect(missing).toEqual([]);
  });

  it('lists every served call of the route table in the spec list (nothing served that the list does not know)', () => {
    const listed = new Set(SPEC_CALLS.map((c) => key(c.method, c.path)));
    const extra = REST_ROUTES.map((r) => key(r.method, r.path)).filter((k) => !listed.has(k));
    // Calls of our own beyond moredoc's (documented in the OpenAPI reference).
    expect(extra.filter((k) => !OWN_CALLS.includes(k))).toEqual([]);
  });

  it('marks every other call with a later issue, and no call twice', () => {
    for (const c of SPEC_CALLS) expect(c.issue).toBeGreaterThanOrEqual(2);
    const keys = SPEC_CALLS.map((c) => key(c.method, c.path));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('binds every route to an existing procedure', () => {
    for (const r of REST_ROUTES) {
      const names =
        typeof r.procedure === 'string'
          ? [r.procedure]
          : [r.procedure({}, null), r.procedure({ position: ['x'] }, null)];
      for (const name of names) expect(procedureAt(appRouter, name), `${r.method} ${r.path} → ${name}`).toBeTruthy();
    }
  });

  it('has no duplicate routes', () => {
    const keys = REST_ROUTES.map((r) => key(r.method, r.path));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('holds no path of the plain handlers under /api/v1 (app.ts matches the table before them)', () => {
    // The paths of http/tus.ts, upload.ts, documents.ts and oauth.ts, below /api/v1.
    const plain = [
      /^\/upload\/tus(\/|$)/,
      ...Object.keys(IMAGE_UPLOAD_KINDS).map((k) => new RegExp(`^/upload/${k}$`)),
      /^\/upload\/document$/,
      /^\/oauth\/authorize\/[^/]+$/,
      /^\/oauth\/officialaccount\/token$/,
    ];
    const shadowing = REST_ROUTES.filter((r) => plain.some((re) => re.test(r.path.toLowerCase())));
    expect(shadowing.map((r) => key(r.method, r.path))).toEqual([]);
  });
});
