// A Baidu SMS v3 stand-in: verifies bce-auth-v1 over the headers the Authorization names (host must be among them),
// re-implemented apart from the adapter, and answers with `{ requestId, code, message, data }`; 1000 is success,
// 6002 用户认证失败 is the documented code for a failed authentication.
import { createHmac, randomUUID } from 'node:crypto';
import { sendJson } from '../../../payments/testing/stand-in-http.ts';
import {
  header,
  percentEncodeBytes,
  type SmsStandInOptions,
  sameText,
  startSmsStandIn,
  TEST_TEMPLATES,
} from './stand-in-common.ts';

export interface BaiduStandInOptions extends SmsStandInOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  signatureId?: string;
}

export async function startBaiduSmsStandIn(opts: BaiduStandInOptions = {}) {
  const ak = opts.accessKeyId ?? 'baidu-test-ak';
  const sk = opts.secretAccessKey ?? 'baidu-test-sk';
  const signatureId = opts.signatureId ?? 'sms-sign-Test01';

  return startSmsStandIn(
    'smsBaidu',
    (req, res, body, log) => {
      const requestId = randomUUID();
      const answer = (status: number, code: string, message: string, data?: unknown) =>
        sendJson(res, status, { requestId, code, message, ...(data ? { data } : {}) });
      const authFailed = (why: string) => answer(401, '6002', `用户认证失败：${why}`);
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      if (req.method !== 'POST' || path !== '/api/v3/sendSms') return answer(404, '404', 'not found');
      const m = /^bce-auth-v1\/([^/]+)\/([^/]+)\/(\d+)\/([^/]+)\/([0-9a-f]{64})$/.exec(
        header(req.headers, 'authorization'),
      );
      if (!m) return authFailed('Authorization 格式错误');
      const [, id, timestamp, expiration, signedHeaders, signature] = m as unknown as string[];
      if (id !== ak) return authFailed('AccessKey 不存在');
      const signedAt = Date.parse(timestamp ?? '');
      const now = Date.now() + (opts.clockOffsetMs ?? 0);
      if (Number.isNaN(signedAt) || now > signedAt + Number(expiration) * 1000 || signedAt > now + 15 * 60_000)
        return authFailed('签名已过期');
      const names = (signedHeaders ?? '').split(';');
      if (!names.includes('host')) return authFailed('host 必须参与签名');

      const prefix = `bce-auth-v1/${id}/${timestamp}/${expiration}`;
      const signingKey = createHmac('sha256', sk).update(prefix).digest('hex');
      const canonicalHeaders = names
        .map((n) => `${percentEncodeBytes(n)}:${percentEncodeBytes(header(req.headers, n).trim())}`)
        .sort()
        .join('\n');
      const canonicalUri = path
        .split('/')
        .map((seg) => percentEncodeBytes(decodeURIComponent(seg)))
        .join('/');
      const canonicalRequest = `POST\n${canonicalUri}\n\n${canonicalHeaders}`;
      const expected = createHmac('sha256', signingKey).update(canonicalRequest).digest('hex');
      if (!sameText(expected, signature ?? '')) return authFailed('签名不匹配');

      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return answer(400, '400', '请求体不是 JSON');
      }
      const mobile = String(input.mobile ?? '');
      if (log.failure) return answer(200, log.failure.code, log.failure.message);
      if (input.signatureId !== signatureId) return answer(200, '6004', '签名不存在或未审核通过');
      if (!/^1\d{10}$/.test(mobile)) return answer(200, '6005', '手机号格式错误');
      const vars = input.contentVar as Record<string, unknown> | undefined;
      const messageId = `msg-${randomUUID()}`;
      log.delivered.push({
        mobile,
        code: String(vars?.code ?? ''),
        template: String(input.template ?? ''),
        sign: signatureId,
      });
      answer(200, '1000', '成功', [{ code: '1000', message: '成功', mobile, messageId }]);
    },
    (url) => ({
      access_key_id: ak,
      secret_access_key: sk,
      signature_id: signatureId,
      endpoint: url,
      ...TEST_TEMPLATES,
    }),
  );
}
