import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsStandIn, startAliyunSmsStandIn } from '../packages/domain/src/sms/providers/testing/index.ts';
import { DESKTOP, openApp, useBrowser } from './browser.ts';
import { adminPassword, adminToken, baseUrl, type ConfigEntry, POLL, withConfig } from './helpers.ts';

/** SMS sign-in and find password by mobile in a real browser, the codes delivered through the Aliyun stand-in. */
const browser = useBrowser();
let standIn: SmsStandIn;
let token: string;

beforeAll(async () => {
  standIn = await startAliyunSmsStandIn();
  token = await adminToken();
});
afterAll(async () => {
  await standIn.close();
});

function smsConfig(): ConfigEntry[] {
  const provider = standIn.settings();
  const keys = ['access_key_id', 'access_key_secret', 'sign_name', 'endpoint', 'template_login'];
  return [
    ...keys.map((name) => ({ category: 'smsAliyun', name, value: provider(`smsAliyun.${name}`) })),
    { category: 'smsAliyun', name: 'template_find_password', value: provider('smsAliyun.template_find_password') },
    { category: 'system', name: 'enable_sms', value: 'true' },
    { category: 'sms', name: 'sms_provider', value: 'smsAliyun' },
    { category: 'sms', name: 'daily_limit_per_ip', value: '0' },
    // The page's own 60 s countdown is checked below; the server's cool-down is covered by apps/server/src/sms.int.test.ts.
    { category: 'sms', name: 'cooldown_seconds', value: '0' },
    { category: 'security', name: 'enable_register', value: 'true' },
    { category: 'security', name: 'enable_captcha_find_password', value: 'false' },
  ];
}

const newMobile = () => `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('mobile accounts', () => {
  it('signs an unknown number up by SMS, warns about it, recovers the password by mobile; the admin log masks codes', async () => {
    await withConfig(token, smsConfig(), async () => {
      const page = await browser.newPage({ viewport: DESKTOP });
      const mobile = newMobile();
      await openApp(page, `${baseUrl()}/login`);
      await page.getByRole('tab', { name: '短信登录' }).click();
      await page.fill('#sms-login-mobile', mobile);
      await page.getByRole('button', { name: '发送短信验证码' }).click();
      await page.getByText('短信验证码已发送，请注意查收').waitFor();
      await page.getByText('检测到您的手机号码未注册，将为您自动注册').waitFor();
      // The button counts down and ignores presses meanwhile.
      await expect.poll(() => page.getByTestId('sms-send').textContent(), POLL).toMatch(/^\d+ 秒$/);
      expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);
      await expect.poll(() => standIn.lastCode(mobile), POLL).toMatch(/^\d{6}$/);
      await page.fill('#sms-login-code', standIn.lastCode(mobile) ?? '');
      await page.getByRole('button', { name: '立即登录' }).click();
      await page.getByText('登录成功').waitFor();
      await page.getByTestId('user-menu').waitFor();
      await page.close();

      const other = await browser.newPage({ viewport: DESKTOP });
      await openApp(other, `${baseUrl()}/findpassword`);
      await other.getByRole('link', { name: '通过手机号找回密码' }).click();
      await other.waitForURL(`${baseUrl()}/findpassword-mobile`);
      await other.fill('#fpm-mobile', mobile);
      const before = standIn.delivered.length;
      await other.getByRole('button', { name: '发送短信验证码' }).click();
      await other.getByText('短信验证码已发送，请注意查收').waitFor();
      await expect.poll(() => standIn.delivered.length, POLL).toBe(before + 1);
      await other.fill('#fpm-code', standIn.lastCode(mobile) ?? '');
      await other.fill('#fpm-password', 'mobile-pass-9');
      await other.getByRole('button', { name: '立即提交' }).click();
      await other.getByText('密码重置成功，请重新登录').waitFor();
      await other.waitForURL(`${baseUrl()}/login`);
      await other.fill('#login-username', mobile);
      await other.fill('#login-password', 'mobile-pass-9');
      await other.getByRole('button', { name: '立即登录' }).click();
      await other.getByTestId('user-menu').waitFor();
      await other.close();

      // 短信管理 lists both sends of the number, the codes masked.
      const admin = await browser.newPage({ viewport: DESKTOP });
      await openApp(admin, `${baseUrl()}/login`);
      await admin.fill('#login-username', 'admin');
      await admin.fill('#login-password', adminPassword());
      await admin.getByRole('button', { name: '立即登录' }).click();
      await admin.getByTestId('user-menu').waitFor();
      await openApp(admin, `${baseUrl()}/admin/user/sms?mobile=${mobile}`);
      // The back office's first page loads its own chunks: on a loaded machine that alone can take half a minute.
      await admin.getByRole('cell', { name: '找回密码' }).waitFor({ timeout: 90_000 });
      await admin.getByRole('cell', { name: '登录', exact: true }).waitFor();
      expect(await admin.getByRole('cell', { name: '******' }).count()).toBe(2);
      const text = (await admin.locator('main').textContent()) ?? '';
      for (const d of standIn.delivered.filter((x) => x.mobile === mobile)) expect(text).not.toContain(d.code);
      await admin.close();
    });
  });
});
