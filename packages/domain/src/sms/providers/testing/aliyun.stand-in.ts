// A Dysmsapi stand-in: verifies SendSms requests by the RPC signature 1.0 scheme, re-implemented here apart from
// the adapter, and answers with Aliyun's JSON shapes (Code / Message / RequestId, BizId on success).
import { createHmac, randomUUID } from 'node:crypto';
import { sendJson } from '../../../payments/testing/stand-in-http.ts';
import {
  percentEncodeBytes,
  type SmsStandInOptions,
  sameText,
  startSmsStandIn,
  TEST_TEMPLATES,
} from './stand-in-common.ts';

export interface AliyunStandInOptions extends SmsStandInOptions {
  accessKeyId?: string;
  accessKeySecret?: string;
  signName?: string;
}

/** Aliyun allows 15 minutes between Timestamp and its clock. */
const MAX_SKEW_MS = 15 * 60_000;
const REQUIRED = [
  'AccessKeyId',
  'Action',
  'Format',
  'PhoneNumbers',
  'SignName',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'TemplateCode',
  'Timestamp',
  'Version',
  'Signature',
];

export async function startAliyunSmsStandIn(opts: AliyunStandInOptions = {}) {
  const keyId = opts.accessKeyId ?? 'LTAI-test-key';
  const secret = opts.accessKeySecret ?? 'aliyun-test-secret';
  const signName = opts.signName ?? '文库测试';
  const nonces = new Set<string>();

  return startSmsStandIn(
    'smsAliyun',
    (req, res, _body, log) => {
      const requestId = randomUUID().toUpperCase();
      const refuse = (status: number, code: string, message: string) =>
        sendJson(res, status, { RequestId: requestId, HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message });
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (req.method !== 'GET' || url.pathname !== '/')
        return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found');
      // Decode the raw pairs ourselves; '+' would be a literal plus, as Aliyun's encoding never produces it.
      const params: Record<string, string> = {};
      for (const pair of (url.search.slice(1) || '').split('&').filter(Boolean)) {
        const eq = pair.indexOf('=');
        const k = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
        params[k] = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1));
      }
      const missing = REQUIRED.find((k) => !params[k]);
      if (missing) return refuse(400, 'MissingParameter', `${missing} is mandatory for this action.`);
      if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
        return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found');
      if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0')
        return refuse(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
      if (params.AccessKeyId !== keyId)
        return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
      const ts = Date.parse(params.Timestamp ?? '');
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') || Number.isNaN(ts))
        return refuse(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
      if (Math.abs(Date.now() + (opts.clockOffsetMs ?? 0) - ts) > MAX_SKEW_MS)
        return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');

      const canonical = Object.keys(params)
        .filter((k) => k !== 'Signature')
        .sort()
        .map((k) => `${percentEncodeBytes(k)}=${percentEncodeBytes(params[k] ?? '')}`)
        .join('&');
      const stringToSign = `GET&${percentEncodeBytes('/')}&${percentEncodeBytes(canonical)}`;
      const expected = createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
      if (!sameText(expected, params.Signature ?? ''))
        return refuse(
          400,
          'SignatureDoesNotMatch',
          `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
        );
      if (nonces.has(params.SignatureNonce ?? ''))
        return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
      nonces.add(params.SignatureNonce ?? '');

      // Business errors come with HTTP 200, as Dysmsapi answers them.
      if (log.failure)
        return sendJson(res, 200, { RequestId: requestId, Code: log.failure.code, Message: log.failure.message });
      if (params.SignName !== signName)
        return sendJson(res, 200, {
          RequestId: requestId,
          Code: 'isv.SMS_SIGNATURE_ILLEGAL',
          Message: '该账号下找不到对应签名',
        });
      let code = '';
      try {
        code = String((JSON.parse(params.TemplateParam ?? '') as { code?: unknown }).code ?? '');
      } catch {
        return sendJson(res, 200, {
          RequestId: requestId,
          Code: 'isv.INVALID_JSON_PARAM',
          Message: 'JSON参数不合法，只接受字符串值',
        });
      }
      if (!/^1\d{10}$/.test(params.PhoneNumbers ?? ''))
        return sendJson(res, 200, { RequestId: requestId, Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
      log.delivered.push({
        mobile: params.PhoneNumbers ?? '',
        code,
        template: params.TemplateCode ?? '',
        sign: signName,
      });
      sendJson(res, 200, { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
    },
    (url) => ({
      access_key_id: keyId,
      access_key_secret: secret,
      sign_name: signName,
      endpoint: url,
      ...TEST_TEMPLATES,
    }),
  );
}
