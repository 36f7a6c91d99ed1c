import { handlePaymentNotification } from '@wenku/domain/orders';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from '@wenku/domain/payments';
import express, { type Response, Router } from 'express';
import type { ServerDeps } from '../context.ts';
import { admit, serve } from './door.ts';

/** The provider retries on a failure answer; nothing was paid when the handler throws (one transaction). */
const failToProvider = (res: Response, error: unknown) => {
  console.error(`payment callback ${res.req.params.provider}`, error);
  res.status(500).type('text/plain').send('fail');
};

/**
 * Payment notifications `POST /callback/{wechatpay|alipay|xunhupay}` (moredoc-pro-facts §3.2). They pass the door as
 * login-page handlers: the providers must reach them even while the site is closed or needs sign-in. The body is
 * kept raw and limited to 256 KB: WeChat signs the exact bytes it sent, so nothing may parse and re-serialize it
 * before verification.
 */
export function createCallbackRouter(deps: ServerDeps): Router {
  const r = Router();
  r.post(
    '/callback/:provider',
    admit(deps, 'loginPage', { onError: failToProvider }),
    express.text({ type: () => true, limit: '256kb' }),
    serve(
      async (ctx, req, res) => {
        const name = String(req.params.provider) as PaymentProviderName;
        if (!PAYMENT_PROVIDER_NAMES.includes(name)) {
          res.status(404).type('text/plain').send('fail');
          return;
        }
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
        const answer = await handlePaymentNotification(ctx, name, {
          headers,
          rawBody: typeof req.body === 'string' ? req.body : '',
        });
        res.status(answer.status).type(answer.contentType).send(answer.body);
      },
      { onError: failToProvider },
    ),
  );
  return r;
}
