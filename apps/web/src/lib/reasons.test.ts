import { TRPCClientError } from '@trpc/client';
import { loginInput } from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '@/i18n';
import { errorMessage, errorReason } from './api-error';
import { formMessage, loadReasons, reasonMessage } from './reasons';

/** Form and server failures by reason key (issue 21): nothing here reads Chinese text to translate it. */
const wireError = (wenku: Record<string, unknown>) =>
  new TRPCClientError('x', { result: { error: { data: { httpStatus: 403, wenku } } } } as never);

describe('reasons in the reader’s language', () => {
  // zh-CN readers get the wording after the first paint (issue 17): the page starts without waiting for it.
  beforeAll(() => Promise.all([loadLanguage('zh-CN'), loadReasons('zh-CN')]));

  it('shows a shared schema’s message in Chinese by default', () => {
    const parsed = loginInput.safeParse({ username: '', password: '' });
    expect(parsed.success).toBe(false);
    const message = parsed.error?.issues[0]?.message;
    expect(message).toBe('users.username_required');
    expect(formMessage(message)).toBe('请输入您的登录用户名');
    expect(formMessage('服务器的原话')).toBe('服务器的原话');
  });

  describe('in English', () => {
    beforeAll(() => loadLanguage('en'));
    afterAll(() => i18n.changeLanguage('zh-CN'));

    it('words schema keys and server reasons in English, naming what the caller translates', () => {
      expect(formMessage('users.username_required')).toBe('Please enter your login username');
      expect(reasonMessage('settings.not_integer', { label: '每页数量' }, () => 'Page size')).toBe(
        '“Page size” must be a whole number',
      );
      const e = wireError({
        code: 'FORBIDDEN',
        message: '您没有权限访问【上传文档】',
        reason: 'auth.permission_denied',
        params: { title: 'Upload documents' },
      });
      expect(errorMessage(e)).toBe('You do not have the permission “Upload documents”');
      expect(errorReason(e)).toBe('auth.permission_denied');
      expect(errorMessage(wireError({ code: 'INTERNAL', message: 'as the server said' }))).toBe('as the server said');
    });
  });
});
