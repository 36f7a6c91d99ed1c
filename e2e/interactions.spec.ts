import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, PHONE_CONTEXT, snap, useBrowser } from './browser.ts';
import {
  adminToken,
  api,
  baseUrl,
  firstConvertedDocument,
  POLL,
  publishConvertedDocument,
  register,
  setConfig,
  signIn,
  signInAsAdmin,
  withConfig,
} from './helpers.ts';

const browser = useBrowser();

describe('favourites and comments', () => {
  it('a member favourites a document and comments; an admin approves the comment; a guest then reads it', async () => {
    const stamp = Date.now().toString(36);
    // The comment captcha is tested on its own (integration tests); here it would only stand in the way.
    await setConfig(await adminToken(), [{ category: 'security', name: 'enable_captcha_comment', value: 'false' }]);
    const { username, password } = await register('fav');
    const doc = await firstConvertedDocument();
    const before = (await api<{ favorite_count: number }>('GET', `/document?uuid=${doc.uuid}`)).favorite_count;

    // 1. The member favourites the document: the count goes up at once and on the server.
    const memberContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const member = await signIn(memberContext, username, password);
    await openApp(member, `${baseUrl()}/document/${doc.uuid}`);
    await member.getByRole('heading', { name: doc.title }).waitFor();
    const favorite = member.getByTestId('favorite-button');
    // The member's button (aria-pressed), not the visitor's one the server painted, ready to take a tap.
    await expect.poll(() => favorite.getAttribute('aria-pressed'), POLL).toBe('false');
    await expect.poll(() => favorite.isEnabled(), POLL).toBe(true);
    expect(Number(await favorite.getByTestId('favorite-count').textContent())).toBe(before);
    await favorite.click();
    await member.getByText('收藏成功').waitFor();
    await expect.poll(() => favorite.getAttribute('data-state'), POLL).toBe('on');
    expect(Number(await favorite.getByTestId('favorite-count').textContent())).toBe(before + 1);
    await expect
      .poll(async () => (await api<{ favorite_count: number }>('GET', `/document?uuid=${doc.uuid}`)).favorite_count)
      .toBe(before + 1);

    // 2. The member comments; the default member group needs approval, so it shows as pending, and as text.
    const text = `e2e 评论 ${stamp} <b>not bold</b>`;
    const comments = member.getByTestId('comments');
    const form = comments.getByTestId('comment-form');
    await form.getByPlaceholder('请输入评论内容').waitFor();
    await form.getByText('请文明评论，理性发言.').waitFor();
    await form.getByTestId('comment-input').fill(text);
    await form.getByRole('button', { name: '发表点评' }).click();
    await member.getByText('评论成功').waitFor();
    const mine = comments.getByTestId('comment').filter({ hasText: stamp });
    await mine.getByText('(待审核)').waitFor();
    expect(await mine.getByTestId('comment-content').textContent()).toBe(text);
    expect(await mine.locator('b').count()).toBe(0);
    expect(await form.getByTestId('comment-input').inputValue()).toBe('');
    await mine.scrollIntoViewIfNeeded();
    await snap(member, 'interactions-document-comments');

    // A guest does not see it yet.
    const guestContext = await browser.newContext(PHONE_CONTEXT);
    const guest = await guestContext.newPage();
    await openApp(guest, `${baseUrl()}/document/${doc.uuid}`);
    await guest.getByTestId('comment-login').waitFor();
    await expect.poll(() => guest.getByTestId('comments').getByText(stamp).count(), POLL).toBe(0);

    // 3. An admin approves it on /admin/comment.
    const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const admin = await signInAsAdmin(adminContext);
    await openApp(admin, `${baseUrl()}/admin/comment?wd=${encodeURIComponent(stamp)}`);
    const row = admin.getByRole('row').filter({ hasText: stamp });
    await row.getByText('待审核').waitFor();
    await row.getByRole('link', { name: doc.title }).waitFor();
    await snap(admin, 'interactions-admin-comments');
    await row.getByRole('button', { name: '审核通过' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await admin.getByText('【审核通过】操作成功').waitFor();
    await row.getByText('已通过').waitFor();

    // 4. The guest now reads it, approved: no pending mark.
    await guest.reload();
    const approved = guest.getByTestId('comments').getByTestId('comment').filter({ hasText: stamp });
    await approved.waitFor();
    expect(await approved.getByText('(待审核)').count()).toBe(0);
    expect(await approved.getByTestId('comment-content').textContent()).toBe(text);
    const width = await guest.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await approved.scrollIntoViewIfNeeded();
    await snap(guest, 'interactions-document-guest-phone');

    // 5. The member finds the document among their favourites.
    await openApp(member, `${baseUrl()}/me/favorite`);
    const favorites = member.getByTestId('my-favorites');
    const link = favorites.getByRole('link', { name: doc.title });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/document/${doc.uuid}`);
    await snap(member, 'interactions-me-favorite');

    await guestContext.close();
    await adminContext.close();
    await memberContext.close();
  }, 240_000);
});

describe('awards', () => {
  it('the author sees the award for a favourite and a comment on their document on /me', async () => {
    const COLLECTED = 3;
    const COMMENTED = 2;
    const admin = await adminToken();
    const awards = [
      { category: 'security', name: 'enable_captcha_comment', value: 'false' },
      { category: 'score', name: 'document_collected', value: String(COLLECTED) },
      { category: 'score', name: 'document_collected_limit', value: '5' },
      { category: 'score', name: 'document_commented', value: String(COMMENTED) },
      { category: 'score', name: 'document_commented_limit', value: '5' },
    ];
    await withConfig(admin, awards, async () => {
      const credit = (await api<{ system: { credit_name: string } }>('GET', '/settings')).system.credit_name;
      expect(credit).not.toBe('');
      const author = await register('aw');
      const reader = await register('awr');
      const title = `获奖文档${Date.now().toString(36)}`;
      const doc = await publishConvertedDocument(author, admin, title);

      // 1. The author's balance on /me before anyone touches the document (upload awards are already counted).
      const authorContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
      const authorPage = await signIn(authorContext, author.username, author.password);
      const balanceShown = async () => {
        await openApp(authorPage, `${baseUrl()}/me`);
        const card = authorPage.locator('[data-slot=card]').filter({ hasText: `我的${credit}` });
        await card.waitFor();
        return Number(await card.locator('p').textContent());
      };
      const balanceOnServer = async () =>
        (await api<{ credit_count: number }>('GET', '/user?id=0', undefined, author.token)).credit_count;
      const before = await balanceShown();
      expect(before).toBe(await balanceOnServer());

      // 2. Another member favourites the document and comments on it in the browser.
      const readerContext = await browser.newContext(PHONE_CONTEXT);
      const readerPage = await signIn(readerContext, reader.username, reader.password);
      await openApp(readerPage, `${baseUrl()}/document/${doc.uuid}`);
      await readerPage.getByRole('heading', { name: title }).waitFor();
      const favorite = readerPage.getByTestId('favorite-button').first();
      await expect.poll(() => favorite.getAttribute('aria-pressed'), POLL).toBe('false');
      await expect.poll(() => favorite.isEnabled(), POLL).toBe(true);
      await favorite.click();
      await readerPage.getByText('收藏成功').waitFor();
      await readerPage.getByTestId('comment-input').fill('这份文档很有帮助');
      await readerPage.getByTestId('comment-submit').click();
      await readerPage.getByText('评论成功').waitFor();

      // 3. The author's /me shows exactly both awards more.
      await expect.poll(balanceOnServer, POLL).toBe(before + COLLECTED + COMMENTED);
      expect(await balanceShown()).toBe(before + COLLECTED + COMMENTED);
      await snap(authorPage, 'interactions-award-me');

      await readerContext.close();
      await authorContext.close();
    });
  }, 240_000);
});

describe('the activity feed in the reader’s language (issue 20)', () => {
  it('a member’s feed reads in Chinese, and in English once the reader switches language', async () => {
    const member = await register('feed');
    const doc = await firstConvertedDocument();
    await api('POST', '/favorite', { document_id: doc.id, type: 0 }, member.token);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await signIn(context, member.username, member.password);
    await openApp(page, `${baseUrl()}/me`);
    const feed = page.getByTestId('activity-feed');
    const shows = (line: string) => async () =>
      (await feed.getByTestId('activity').allInnerTexts()).some((l) => l.startsWith(line));
    await expect.poll(shows(`您收藏了文档《${doc.title}》`), POLL).toBe(true);
    await page.getByRole('button', { name: '切换语言' }).first().click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(shows(`Added the document “${doc.title}” to favourites`), POLL).toBe(true);
    await snap(page, 'feed-en');
    await context.close();
  }, 120_000);
});
