import { AD_FRAME_SANDBOX } from '@wenku/shared';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Script hosts the web app loads from besides itself: Baidu statistics (system.analytics; the only analytics moredoc
 * supports) and WeChat's JSSDK (sharing inside WeChat). Nothing else runs in the site's origin (ARCHITECTURE.md
 * rule 17): ad networks' script runs in the ads' own sandboxed frames.
 */
export const SCRIPT_HOSTS = ['https://hm.baidu.com', 'https://res.wx.qq.com'] as const;

/**
 * The Content-Security-Policy of every page (issue 15 item 10). No inline script and no `eval`: the theme switch is a
 * file, JSON-LD is a data block browsers never execute. `wasm-unsafe-eval` lets hash-wasm compile its MD5 for
 * uploads (WebAssembly only, not JavaScript eval). Styles may be inline: React style attributes and the toasts'
 * injected `<style>`; CSS cannot run script. Pictures come from anywhere (external covers, logos, avatars; blob: for
 * reader pages, data: for captchas and QR codes). Ads are framed from this origin (`/ad-frame/…`), and nothing
 * frames the site itself.
 */
export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'", ...SCRIPT_HOSTS],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // A site may run on plain http (a first start, an intranet): upgrading its own requests would break it.
  'upgrade-insecure-requests': null,
};

/**
 * Helmet for every response (HTML, JSON, files, errors): the CSP above, `nosniff`, no framing (X-Frame-Options DENY
 * for browsers without frame-ancestors), `strict-origin-when-cross-origin` referrers, same-origin opener and
 * resource policies, HSTS (ignored by browsers on plain http; not for other subdomains of the owner's domain).
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });
}

/**
 * Stored files (`/uploads`, `/view/*`, `/download/*`) are never documents of the site: an uploaded SVG or HTML file
 * opened directly renders in an opaque origin without script (`sandbox`), loading nothing but its own inline styles
 * and embedded pictures and fonts. They may be embedded anywhere (a CDN's origin, the ads' opaque frames).
 */
export const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:; sandbox";

export function fileSecurityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', FILE_CSP);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
}

/**
 * An advertisement's own document (`/ad-frame/{id}`): its HTML and an ad network's script run without limits on
 * what they load, but always in an opaque origin (the `sandbox` directive, so also when opened directly), where
 * they reach neither the site's storage, cookies nor DOM. Only the site may frame it.
 */
export const AD_FRAME_CSP = `sandbox ${AD_FRAME_SANDBOX}; frame-ancestors 'self'`;

export function adFrameSecurityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', AD_FRAME_CSP);
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
}
