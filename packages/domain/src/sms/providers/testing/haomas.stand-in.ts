// A stand-in for a gateway behind the generic Haomas adapter: it documents its own scheme (the one the adapter's
// header describes) and checks it independently: appid known, timestamp within 5 minutes, signature over the
// sorted non-empty parameters except `sign`. Answers `{ code: 0, msg: 'ok', data: { id } }` or `{ code, msg }`.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { bodyFields, sendJson } from '../../../payments/testing/stand-in-http.ts';
import { type SmsStandInOptions, sameText, startSmsStandIn, TEST_TEMPLATES } from './stand-in-common.ts';

export interface HaomasStandInOptions extends SmsStandInOptions {
  appId?: string;
  secret?: string;
  signType?: 'none' | 'md5' | 'hmac-sha256';
  method?: 'GET' | 'POST';
  contentType?: 'form' | 'json';
}

const MAX_SKEW_S = 300;

export async function startHaomasSmsStandIn(opts: HaomasStandInOptions = {}) {
  const appId = opts.appId ?? 'haomas-test-app';
  const secret = opts.secret ?? 'haomas-test-secret';
  const signType = opts.signType ?? 'md5';
  const method = opts.method ?? 'POST';

  return startSmsStandIn(
    'smsHaomas',
    (req, res, body, log) => {
      const fail = (code: number | string, msg: string) => sendJson(res, 200, { code, msg });
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname !== '/sms/send' || req.method !== method)
        return sendJson(res, 404, { code: 404, msg: 'not found' });
      const fields = method === 'GET' ? Object.fromEntries(url.searchParams) : bodyFields(req, body);
      if (fields.appid !== appId) return fail(40001, 'appid 不存在');
      const ts = Number(fields.timestamp);
      const now = Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000);
      if (!Number.isInteger(ts) || Math.abs(now - ts) > MAX_SKEW_S) return fail(40002, 'timestamp 已过期');
      if (signType !== 'none') {
        const names = Object.keys(fields).filter((k) => k !== 'sign' && fields[k] !== '');
        names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const base = names.map((k) => `${k}=${fields[k]}`).join('&');
        const expected =
          signType === 'md5'
            ? createHash('md5')
                .update(base + secret)
                .digest('hex')
            : createHmac('sha256', secret).update(base).digest('hex');
        if (!sameText(expected, fields.sign ?? '')) return fail(40003, '签名错误');
      }
      if (log.failure) return fail(log.failure.code, log.failure.message);
      const mobile = fields.mobile ?? '';
      if (!/^1\d{10}$/.test(mobile)) return fail(40010, '手机号码格式错误');
      const id = randomUUID();
      log.delivered.push({ mobile, code: fields.code ?? '', template: fields.tpl ?? '', sign: appId });
      sendJson(res, 200, { code: 0, msg: 'ok', data: { id } });
    },
    (url) => ({
      url: `${url}/sms/send`,
      method,
      content_type: opts.contentType ?? 'form',
      params: `appid=${appId}\nmobile={mobile}\ncode={code}\ntpl={template}\nminutes={minutes}\ntimestamp={timestamp}\nnonce={nonce}`,
      secret,
      sign_type: signType,
      sign_param: 'sign',
      success_path: 'code',
      success_value: '0',
      success_contains: '',
      request_id_path: 'data.id',
      ...TEST_TEMPLATES,
    }),
  );
}
