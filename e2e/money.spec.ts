import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, snap, useBrowser } from './browser.ts';
import {
  adminToken,
  api,
  baseUrl,
  firstConvertedDocument,
  POLL,
  register,
  signIn,
  signInAsAdmin,
  withConfig,
} from './helpers.ts';

/**
 * Money and sessions of issue 20 in the browser: a purchase is a purchase (a double click makes one order, the buyer
 * re-downloads free, a free document says 免费下载), and an ended session leads to sign-in with its notice and back.
 */
const browser = useBrowser();

interface OrderList {
  total: number;
  order: { order_no: string; status: number; product_id: number }[];
}

describe('money and sessions', () => {
  it('makes one order on a double click, and the buyer downloads again free; a free document says 免费下载', async () => {
    const base = baseUrl();
    const token = await adminToken();
    const doc = await firstConvertedDocument();
    const original = await api<{ price: number; title: string }>('GET', `/document?id=${doc.id}`);
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    try {
      await withConfig(
        token,
        [
          { category: 'download', name: 'free_download_duration', value: '0' },
          { category: 'display', name: 'show_order', value: 'true' },
          { category: 'download', name: 'times_every_day', value: '100' },
          { category: 'score', name: 'recharge_enable', value: 'true' },
          { category: 'score', name: 'credit_exchange', value: '10' },
          { category: 'score', name: 'recharge_discount', value: '100:1\n500:0.9' },
        ],
        async () => {
          const member = await register('rebuy');
          await api('POST', '/order/system/recharge', { user_id: member.id, credit: 50, remark: 'e2e' }, token);
          const balance = async () =>
            (await api<{ credit_count: number }>('GET', '/user?id=0', undefined, member.token)).credit_count;
          const orders = () =>
            api<OrderList>('GET', '/user/order?page=1&size=50', undefined, member.token).then((l) =>
              l.order.filter((o) => o.product_id === doc.id),
            );
          const start = await balance();
          const page = await signIn(context, member.username, member.password);

          // Free: the chip says 免费下载, never "0 魔豆".
          await api('PUT', '/document', { id: doc.id, price: 0 }, token);
          await openApp(page, `${base}/document/${doc.uuid}`);
          await expect.poll(() => page.getByTestId('price-tag').first().textContent(), POLL).toBe('免费下载');

          // Paid: a double click on 下载文档 makes one order. A plain title of its own (another test may have given
          // the document a title of markup, which a download's file name rightly spells otherwise).
          const title = `money-rebuy-${Date.now()}`;
          await api('PUT', '/document', { id: doc.id, price: 20, title }, token);
          await openApp(page, `${base}/document/${doc.uuid}`);
          await expect.poll(() => page.getByTestId('price-tag').first().textContent(), POLL).toContain('20');
          await page.getByTestId('download-button').first().dblclick();
          await page.waitForURL(/\/order\?order_no=/);
          expect(await orders()).toHaveLength(1);
          await page.getByTestId('pay-method-points').waitFor();
          const [first] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pay-order').click()]);
          expect(first.suggestedFilename()).toContain(title);
          await expect.poll(balance, POLL).toBe(start - 20);

          // The next download is free and makes no new order.
          await openApp(page, `${base}/document/${doc.uuid}`);
          const [again] = await Promise.all([
            page.waitForEvent('download'),
            page.getByTestId('download-button').first().click(),
          ]);
          expect(again.suggestedFilename()).toContain(title);
          await page.getByText('您已购买过该文档，正在为您下载').waitFor();
          expect(await balance()).toBe(start - 20);
          const mine = await orders();
          expect(mine).toHaveLength(1);
          expect(mine[0]?.status).toBe(2);
          await snap(page, 'money-rebuy-free');

          // A custom recharge off the one-yuan step is named in the form, in Chinese, with no price and no order.
          await page.getByTestId('header-recharge').first().click();
          await page.getByTestId('recharge-custom').fill('15');
          await page.getByTestId('recharge-custom-error').getByText('充值数量必须是 10 的整数倍').waitFor();
          expect(await page.getByTestId('recharge-submit').isDisabled()).toBe(true);
          await page.screenshot({ path: new URL('./screenshots/money-recharge-step.png', import.meta.url).pathname });
          await page.getByTestId('recharge-custom').fill('20');
          await expect.poll(() => page.getByTestId('recharge-custom-error').count(), POLL).toBe(0);
          expect(await page.getByTestId('recharge-submit').isDisabled()).toBe(false);
        },
      );
    } finally {
      await context.close();
      await api('PUT', '/document', { id: doc.id, price: original.price, title: original.title }, token);
    }
  });

  it('sends a browser whose session ended elsewhere to sign in with 登录已过期，请重新登录, and back after', async () => {
    const base = baseUrl();
    const member = await register('expire', 'old-pass-1');
    const here = await browser.newContext({ viewport: DESKTOP });
    const there = await browser.newContext({ viewport: DESKTOP });
    try {
      const a = await signIn(here, member.username, member.password);
      const b = await signIn(there, member.username, member.password);
      await openApp(b, `${base}/me/profile`);

      // The password changes in the first browser.
      await openApp(a, `${base}/me/password`);
      await a.fill('#pw-old', member.password);
      await a.fill('#pw-new', 'new-pass-2');
      await a.fill('#pw-confirm', 'new-pass-2');
      await a.getByRole('button', { name: '修改密码' }).click();
      await a.getByText('密码修改成功').waitFor();

      // The other browser's next page is sign-in, with the notice and the way back; never the error page.
      await openApp(b, `${base}/me/favorite`);
      await b.waitForURL(/\/login\?/);
      const url = new URL(b.url());
      expect(url.searchParams.get('redirect')).toBe('/me/favorite');
      await b.getByTestId('session-expired').getByText('登录已过期，请重新登录').waitFor();
      expect(await b.getByText('出错了').count()).toBe(0);
      await snap(b, 'session-expired-login');
      await b.fill('#login-username', member.username);
      await b.fill('#login-password', 'new-pass-2');
      await b.getByRole('button', { name: '立即登录' }).click();
      await b.waitForURL(`${base}/me/favorite`);

      // An action (not a navigation) on a page already open also leads to sign-in once the session ends.
      await openApp(b, `${base}/me/password`);
      await b.locator('#pw-old').waitFor();
      await openApp(a, `${base}/me/password`);
      await a.fill('#pw-old', 'new-pass-2');
      await a.fill('#pw-new', 'new-pass-3');
      await a.fill('#pw-confirm', 'new-pass-3');
      await a.getByRole('button', { name: '修改密码' }).click();
      await a.getByText('密码修改成功').waitFor();
      await b.fill('#pw-old', 'new-pass-2');
      await b.fill('#pw-new', 'new-pass-4');
      await b.fill('#pw-confirm', 'new-pass-4');
      await b.getByRole('button', { name: '修改密码' }).click();
      await b.waitForURL(/\/login\?/);
      expect(new URL(b.url()).searchParams.get('redirect')).toBe('/me/password');
      await b.getByTestId('session-expired').waitFor();
    } finally {
      await here.close();
      await there.close();
    }
  });

  it('moves header items that do not fit into 更多 and keeps admin row actions in view (390-1366 px)', async () => {
    const base = baseUrl();
    const token = await adminToken();
    const added: number[] = [];
    for (const title of ['精选专题', '学习资料库', '行业研究报告', '考试真题']) {
      added.push((await api<{ id: number }>('POST', '/navigation', { title, href: '/category', sort: 0 }, token)).id);
    }
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const page = await signInAsAdmin(context);
      const dir = new URL('./screenshots/', import.meta.url).pathname;
      for (const width of [PHONE.width, 800, 1024, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await openApp(page, `${base}/`);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${dir}shell-header-${width}.png`, clip: { x: 0, y: 0, width, height: 140 } });
        if (width >= 800) {
          // Every visible item ends inside the navigation's box: none is clipped.
          const box = await page.getByTestId('header-nav').boundingBox();
          const links = page.getByTestId('header-nav').locator('nav > span a, nav > span > span a');
          for (let i = 0; i < (await links.count()); i++) {
            const b = await links.nth(i).boundingBox();
            if (b && box) expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
          }
          if (width <= 1024) await page.getByTestId('header-nav-more').waitFor();
        }
        await openApp(page, `${base}/admin/order`);
        await page.locator('table').first().waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${dir}shell-admin-order-${width}.png` });
        if (width === 1366) {
          // The actions column stays inside the window.
          const th = page.locator('th').last();
          const b = await th.boundingBox();
          if (b) expect(b.x + b.width).toBeLessThanOrEqual(1366);
        }
      }
      await page.setViewportSize({ width: 800, height: 800 });
      await openApp(page, `${base}/`);
      await page.getByTestId('header-nav-more').click();
      await page.getByRole('link', { name: '考试真题' }).waitFor();
      await page.screenshot({
        path: `${dir}shell-header-more-open-800.png`,
        clip: { x: 0, y: 0, width: 800, height: 400 },
      });
      await page.setViewportSize(PHONE);
      await openApp(page, `${base}/category`);
      await page.waitForTimeout(300);
      await snap(page, 'shell-category-390');

      // Signing out of the back office lands on the home page, which says 退出成功.
      await page.setViewportSize(DESKTOP);
      await openApp(page, `${base}/admin`);
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await page.waitForURL(`${base}/`);
      await page.getByText('退出成功').waitFor();
    } finally {
      await context.close();
      for (const id of added) await api('DELETE', `/navigation?id=${id}`, undefined, token);
    }
  });
});
