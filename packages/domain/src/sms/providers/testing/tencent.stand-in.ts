// A Tencent Cloud SMS stand-in: verifies TC3-HMAC-SHA256 from whatever SignedHeaders the request lists (as the real
// API does), re-implemented apart from the adapter, and answers with API 3.0's `{ Response: … }` shapes.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { sendJson } from '../../../payments/testing/stand-in-http.ts';
import { header, type SmsStandInOptions, sameText, startSmsStandIn, TEST_TEMPLATES } from './stand-in-common.ts';

export interface TencentStandInOptions extends SmsStandInOptions {
  secretId?: string;
  secretKey?: string;
  sdkAppId?: string;
  signName?: string;
}

/** API 3.0 refuses timestamps more than 5 minutes from its clock (AuthFailure.SignatureExpire). */
const MAX_SKEW_S = 300;

export async function startTencentSmsStandIn(opts: TencentStandInOptions = {}) {
  const secretId = opts.secretId ?? 'AKID-test-id';
  const secretKey = opts.secretKey ?? 'tencent-test-key';
  const sdkAppId = opts.sdkAppId ?? '1400000001';
  const signName = opts.signName ?? '文库测试';

  return startSmsStandIn(
    'smsTencent',
    (req, res, body, log) => {
      const requestId = randomUUID();
      const refuse = (code: string, message: string) =>
        sendJson(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: requestId } });
      const h = req.headers;
      if (req.method !== 'POST') return refuse('InvalidParameter', 'only POST is used here');
      if (header(h, 'x-tc-action') !== 'SendSms') return refuse('InvalidAction', 'action not found');
      if (header(h, 'x-tc-version') !== '2021-01-11') return refuse('InvalidParameterValue', 'version not supported');
      if (!header(h, 'x-tc-region'))
        return refuse('MissingParameter', 'The request is missing a required parameter `Region`.');
      const ts = Number(header(h, 'x-tc-timestamp'));
      const auth =
        /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
          header(h, 'authorization'),
        );
      if (!auth || !Number.isInteger(ts))
        return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      const [, id, date, service, signedHeaders, signature] = auth as unknown as string[];
      if (id !== secretId)
        return refuse(
          'AuthFailure.SecretIdNotFound',
          'The SecretId is not found, please ensure that your SecretId is correct.',
        );
      const now = Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000);
      if (Math.abs(now - ts) > MAX_SKEW_S) return refuse('AuthFailure.SignatureExpire', 'Signature expired.');
      const names = (signedHeaders ?? '').split(';');
      if (!names.includes('content-type') || !names.includes('host'))
        return refuse('AuthFailure.SignatureFailure', 'content-type and host must be signed.');
      if (service !== 'sms' || date !== new Date(ts * 1000).toISOString().slice(0, 10))
        return refuse('AuthFailure.SignatureFailure', 'The credential scope does not match.');

      const canonicalHeaders = names.map((n) => `${n}:${header(h, n).trim().toLowerCase()}\n`).join('');
      const hash = (s: string) => createHash('sha256').update(s).digest('hex');
      const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hash(body)}`;
      const stringToSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${hash(canonicalRequest)}`;
      let key: Buffer = Buffer.from(`TC3${secretKey}`, 'utf8');
      for (const part of [date ?? '', service ?? '', 'tc3_request'])
        key = createHmac('sha256', key).update(part).digest();
      const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
      if (!sameText(expected, signature ?? ''))
        return refuse(
          'AuthFailure.SignatureFailure',
          'The provided credentials could not be validated. Please check your signature is correct.',
        );

      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return refuse('InvalidParameter', 'The body is not JSON.');
      }
      if (String(input.SmsSdkAppId) !== sdkAppId)
        return refuse('FailedOperation.SignatureIncorrectOrUnapproved', 'SmsSdkAppId not found.');
      const phones = input.PhoneNumberSet as unknown[];
      const params = input.TemplateParamSet as unknown[];
      if (!Array.isArray(phones) || phones.length !== 1 || !Array.isArray(params))
        return refuse('InvalidParameterValue', 'PhoneNumberSet and TemplateParamSet are arrays.');
      const phone = String(phones[0]);
      const status = (code: string, message: string) => ({
        SerialNo: code === 'Ok' ? `2028:${Date.now()}` : '',
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: message,
        IsoCode: 'CN',
      });
      const answer = (code: string, message: string) =>
        sendJson(res, 200, { Response: { SendStatusSet: [status(code, message)], RequestId: requestId } });
      if (log.failure) return answer(log.failure.code, log.failure.message);
      if (input.SignName !== signName)
        return answer('FailedOperation.SignatureIncorrectOrUnapproved', 'signature incorrect or unapproved');
      if (!/^\+861\d{10}$/.test(phone))
        return answer('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number');
      log.delivered.push({
        mobile: phone.replace(/^\+86/, ''),
        code: String(params[0] ?? ''),
        template: String(input.TemplateId ?? ''),
        sign: signName,
      });
      answer('Ok', 'send success');
    },
    (url) => ({
      secret_id: secretId,
      secret_key: secretKey,
      sdk_app_id: sdkAppId,
      sign_name: signName,
      region: 'ap-guangzhou',
      endpoint: url,
      ...TEST_TEMPLATES,
    }),
  );
}
