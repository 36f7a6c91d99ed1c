import { handlePaymentNotification, PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from '@wenku/domain';
import express, { type Request, type Response, Router } from 'express';
import { createRequestContext, type ServerDeps } from '../context.ts';

/**
 * Payment notifications `POST /callback/{wechatpay|alipay|xunhupay}` (moredoc-pro-facts §3.2). The body is kept raw:
 * WeChat signs the exact bytes it sent, so nothing may parse and re-serialize it before verification.
 */
export function createCallbackRouter(deps: ServerDeps): Router {
  const r = Router();
  r.post(
    '/callback/:provider',
    express.text({ type: () => true, limit: '256kb' }),
    async (req: Request, res: Response) => {
      const name = String(req.params.provider) as PaymentProviderName;
      if (!PAYMENT_PROVIDER_NAMES.includes(name)) {
        res.status(404).type('text/plain').send('fail');
        return;
      }
      try {
        const ctx = await createRequestContext(deps, req);
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
        const answer = await handlePaymentNotification(ctx, name, {
          headers,
          rawBody: typeof req.body === 'string' ? req.body : '',
        });
        res.status(answer.status).type(answer.contentType).send(answer.body);
      } catch (e) {
        // The provider retries on a failure answer; nothing was paid when this throws (one transaction).
        console.error(`payment callback ${name}`, e);
        res.status(500).type('text/plain').send('fail');
      }
    },
  );
  return r;
}
