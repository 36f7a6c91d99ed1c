import { liveAdvertisementContent } from '@wenku/domain/catalogue';
import { analyticsScript, loadSettings } from '@wenku/domain/settings';
import { AD_HEIGHT_MESSAGE, AD_HEIGHT_REQUEST, DomainError } from '@wenku/shared';
import { Router } from 'express';
import type { ServerDeps } from '../context.ts';
import { door } from './door.ts';
import { adFrameSecurityHeaders } from './security-headers.ts';

/**
 * Tells the parent page how tall the ad's content is, whenever it changes (an ad network's script fills the frame
 * late), and again when the page asks (a frame painted by the server may load before the page listens). It runs
 * first, in the head, so no markup of the ad can swallow it.
 */
const HEIGHT_REPORTER = `(function () {
  var last = -1;
  function report() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: '${AD_HEIGHT_MESSAGE}', height: height }, '*');
  }
  if (window.ResizeObserver) new ResizeObserver(report).observe(document.documentElement);
  addEventListener('DOMContentLoaded', report);
  addEventListener('load', report);
  addEventListener('message', function (e) {
    if (e.source !== parent || !e.data || e.data.type !== '${AD_HEIGHT_REQUEST}') return;
    last = -1;
    report();
  });
})();`;

/** The ad's own document: the administrator's HTML as written; its links open new tabs. */
export function adFrameDocument(content: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank">' +
    '<style>html,body{margin:0;padding:0;background:transparent}body{display:flow-root;overflow:hidden}' +
    'img{max-width:100%;height:auto}</style>' +
    `<script>${HEIGHT_REPORTER}</script></head><body>${content}</body></html>`
  );
}

/**
 * Code the administrator adds from outside: advertisements, each in its sandboxed frame (issue 15 item 3), and the
 * analytics script, served as a file of this origin because the CSP runs no inline script (issue 15 item 10). Both
 * pass the door at the login-page level: a frame or a script tag carries no bearer token, so the site gate would
 * refuse members too, and neither holds anything but what the administrator publishes on every page.
 */
export function createThirdPartyRouter(deps: ServerDeps): Router {
  const r = Router();

  r.get(
    '/ad-frame/:id',
    ...door(deps, 'loginPage', async (ctx, req, res) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('NOT_FOUND', 'catalogue.advertisement_not_found');
      const content = await liveAdvertisementContent(ctx, id);
      adFrameSecurityHeaders(res);
      res.set('cache-control', 'no-cache').type('html').send(adFrameDocument(content));
    }),
  );

  r.get(
    '/analytics.js',
    ...door(deps, 'loginPage', async (ctx, _req, res) => {
      const s = await loadSettings(ctx);
      res.set('cache-control', 'no-cache').type('text/javascript').send(analyticsScript(s));
    }),
  );

  return r;
}
