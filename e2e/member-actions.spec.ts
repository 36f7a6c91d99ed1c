import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, useBrowser } from './browser.ts';
import {
  adminToken,
  api,
  baseUrl,
  type ConfigEntry,
  firstConvertedDocument,
  POLL,
  register,
  setConfig,
  signIn,
  withConfig,
} from './helpers.ts';

const browser = useBrowser();

/**
 * The member's one-click actions that no other browser test walks through: each says it is done and the page (or the
 * server) shows the change — the daily sign-in, rating, reporting, deleting one's comment, removing a favourite from
 * 我的收藏, closing and deleting an order in 我的订单.
 */
describe('a member’s actions', () => {
  it('signs in for the day, rates, reports, deletes a comment and removes a favourite', async () => {
    const base = baseUrl();
    const stamp = Date.now().toString(36);
    await setConfig(await adminToken(), [{ category: 'security', name: 'enable_captcha_comment', value: 'false' }]);
    const member = await register('act');
    const doc = await firstConvertedDocument();
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    try {
      const page = await signIn(context, member.username, member.password);

      // 每日签到: a toast with the award, then the button says it is done for today.
      await openApp(page, base);
      const sign = page.getByTestId('sign-in-button').first();
      await expect.poll(() => sign.isEnabled(), POLL).toBe(true);
      await sign.click();
      await page
        .getByText(/签到成功/)
        .first()
        .waitFor();
      await expect.poll(() => sign.isEnabled(), POLL).toBe(false);
      await sign.getByText('今日已签到').waitFor();

      // Rating: four stars, said and kept.
      await openApp(page, `${base}/document/${doc.uuid}`);
      await page.getByRole('heading', { name: doc.title }).waitFor();
      await page.getByTitle('该文档很让我满意').click();
      await page.getByText('提交评分成功').waitFor();
      await expect
        .poll(
          async () =>
            (await api<{ score: number }>('GET', `/document/score?document_id=${doc.id}`, undefined, member.token))
              .score,
          POLL,
        )
        .toBe(400);

      // Reporting: a reason, then the dialog closes with thanks.
      await page.getByTestId('report-button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('垃圾广告').click();
      await dialog.getByRole('button', { name: '提交举报' }).click();
      await page.getByText('举报成功，感谢您的反馈').waitFor();
      await expect.poll(() => dialog.count(), POLL).toBe(0);

      // A comment of one's own, deleted after the confirmation: gone from the list.
      const comments = page.getByTestId('comments');
      const form = comments.getByTestId('comment-form');
      await form.getByTestId('comment-input').fill(`e2e 删除 ${stamp}`);
      await form.getByRole('button', { name: '发表点评' }).click();
      await page.getByText('评论成功').waitFor();
      const mine = comments.getByTestId('comment').filter({ hasText: stamp });
      await mine.getByTestId('comment-delete').click();
      await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
      await page.getByText('删除成功').waitFor();
      await expect.poll(() => mine.count(), POLL).toBe(0);

      // A favourite removed on 我的收藏: gone from the list and from the server.
      const favorite = page.getByTestId('favorite-button');
      await expect.poll(() => favorite.isEnabled(), POLL).toBe(true);
      await favorite.click();
      await page.getByText('收藏成功').waitFor();
      await openApp(page, `${base}/me/favorite`);
      const favorites = page.getByTestId('my-favorites');
      await favorites.getByRole('link', { name: doc.title }).waitFor();
      await page.getByTestId('favorite-remove').first().click();
      await page.getByRole('alertdialog').getByRole('button', { name: '取消收藏' }).click();
      await page.getByText('取消收藏成功').waitFor();
      await expect.poll(() => favorites.getByRole('link', { name: doc.title }).count(), POLL).toBe(0);
      const row = await api<{ id?: number }>('GET', `/favorite?document_id=${doc.id}&type=0`, undefined, member.token);
      expect(row.id).toBeUndefined();
    } finally {
      await context.close();
    }
  }, 240_000);

  it('closes a pending order and then deletes it in 我的订单', async () => {
    const base = baseUrl();
    const token = await adminToken();
    const config: ConfigEntry[] = [
      { category: 'score', name: 'recharge_enable', value: 'true' },
      { category: 'score', name: 'credit_exchange', value: '10' },
      { category: 'display', name: 'show_order', value: 'true' },
    ];
    await withConfig(token, config, async () => {
      const member = await register('ord');
      const order = await api<{ order_no: string }>('POST', '/order', { order_type: 3, quantity: 100 }, member.token);
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
      try {
        const page = await signIn(context, member.username, member.password);
        await openApp(page, `${base}/me/order`);
        const list = page.getByTestId('my-orders');
        // The list is a table on a desktop and cards on a phone: the other one is in the page, hidden.
        await list.getByText(order.order_no).filter({ visible: true }).waitFor();
        await list.getByTestId('my-order-close').filter({ visible: true }).click();
        await page.getByText('订单关闭成功').waitFor();
        const remove = list.getByTestId('my-order-delete').filter({ visible: true });
        await remove.waitFor();
        await remove.click();
        await page.getByText('订单删除成功').waitFor();
        await expect.poll(() => list.getByText(order.order_no).count(), POLL).toBe(0);
      } finally {
        await context.close();
      }
    });
  }, 180_000);
});
