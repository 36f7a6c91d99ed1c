// A Huawei Cloud SMS stand-in: checks the WSSE Authorization header and recomputes the X-WSSE PasswordDigest
// (base64 of the hex SHA-256 of Nonce + Created + app secret, as Huawei's samples compute it) apart from the
// adapter, refuses replayed nonces and stale Created values, and answers `{ code, description, result }`.
import { createHash } from 'node:crypto';
import { sendJson } from '../../../payments/testing/stand-in-http.ts';
import { header, type SmsStandInOptions, sameText, startSmsStandIn, TEST_TEMPLATES } from './stand-in-common.ts';

export interface HuaweiStandInOptions extends SmsStandInOptions {
  appKey?: string;
  appSecret?: string;
  sender?: string;
}

/** Huawei's note: Created may be at most 24 hours away from the platform's clock for X-WSSE. */
const MAX_SKEW_MS = 24 * 3600_000;

export async function startHuaweiSmsStandIn(opts: HuaweiStandInOptions = {}) {
  const appKey = opts.appKey ?? 'huawei-test-app-key';
  const appSecret = opts.appSecret ?? 'huawei-test-app-secret';
  const sender = opts.sender ?? '8820000000001';
  const nonces = new Set<string>();

  return startSmsStandIn(
    'smsHuawei',
    (req, res, body, log) => {
      const refuse = (status: number, code: string, description: string) =>
        sendJson(res, status, { code, description });
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (req.method !== 'POST' || path !== '/sms/batchSendSms/v1') return refuse(404, 'E000404', 'Not found.');
      if (header(req.headers, 'authorization') !== 'WSSE realm="SDP",profile="UsernameToken",type="Appkey"')
        return refuse(401, 'E000002', 'Authentication information is incorrect: Authorization.');
      const wsse = header(req.headers, 'x-wsse');
      if (!wsse.startsWith('UsernameToken '))
        return refuse(401, 'E000003', 'Authentication information is missing: X-WSSE.');
      const fields: Record<string, string> = {};
      for (const m of wsse.slice('UsernameToken '.length).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1] ?? ''] = m[2] ?? '';
      const { Username, PasswordDigest, Nonce, Created } = fields;
      if (!Username || !PasswordDigest || !Nonce || !Created) return refuse(401, 'E000003', 'X-WSSE is incomplete.');
      if (Username !== appKey) return refuse(401, 'E000020', 'The app key does not exist.');
      const created = Date.parse(Created);
      if (Number.isNaN(created) || Math.abs(Date.now() + (opts.clockOffsetMs ?? 0) - created) > MAX_SKEW_MS)
        return refuse(401, 'E000027', 'Created is out of the allowed time window.');
      const hex = createHash('sha256')
        .update(Nonce + Created + appSecret)
        .digest('hex');
      if (!sameText(Buffer.from(hex).toString('base64'), PasswordDigest))
        return refuse(401, 'E000004', 'Authentication information is incorrect: PasswordDigest.');
      if (nonces.has(Nonce)) return refuse(401, 'E000005', 'The nonce was used already.');
      nonces.add(Nonce);

      if (!(header(req.headers, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
        return refuse(400, 'E000101', 'Content-Type must be application/x-www-form-urlencoded.');
      const form = new URLSearchParams(body);
      if (log.failure) return refuse(400, log.failure.code, log.failure.message);
      if (form.get('from') !== sender) return refuse(400, 'E000101', 'The sender channel number is invalid.');
      let paras: unknown;
      try {
        paras = JSON.parse(form.get('templateParas') ?? '');
      } catch {
        return refuse(400, 'E000111', 'templateParas is not a JSON array.');
      }
      const to = form.get('to') ?? '';
      if (!Array.isArray(paras) || !/^\+861\d{10}$/.test(to)) return refuse(400, 'E000101', 'Invalid parameters.');
      const smsMsgId = `${Date.now()}_${log.delivered.length + 1}`;
      log.delivered.push({
        mobile: to.replace(/^\+86/, ''),
        code: String(paras[0] ?? ''),
        template: form.get('templateId') ?? '',
        sign: sender,
      });
      sendJson(res, 200, {
        code: '000000',
        description: 'Success',
        result: [{ originTo: to, createTime: new Date().toISOString(), from: sender, smsMsgId, status: '000000' }],
      });
    },
    (url) => ({
      app_key: appKey,
      app_secret: appSecret,
      sender,
      signature: '文库测试',
      endpoint: url,
      ...TEST_TEMPLATES,
    }),
  );
}
