import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, PHONE_CONTEXT, snap, useBrowser } from './browser.ts';
import {
  adminToken,
  api,
  baseUrl,
  firstConvertedDocument,
  POLL,
  register,
  setConfig,
  signIn,
  signInAsAdmin,
  uploadBannerImage,
  withConfig,
} from './helpers.ts';

/**
 * The community journeys of issue 5: a member posts an article, an admin approves it, another member favourites and
 * comments on it; a punished member cannot comment and is told why; the home page shows banners, blocks and
 * notices; the reading page's HTML carries the document without any script running.
 */
const browser = useBrowser();
const marker = `e5${Date.now().toString(36)}`;

describe('community', () => {
  it('a member posts an article, an admin approves it, another member favourites and comments on it', async () => {
    const token = await adminToken();
    await setConfig(token, [{ category: 'security', name: 'enable_captcha_comment', value: 'false' }]);
    const category = `星空${marker}`;
    await api('POST', '/category', { title: category, type: 1 }, token);
    const author = await register('au');
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await signIn(context, author.username, author.password);
    await openApp(page, `${baseUrl()}/post`);
    await page.locator('#post-title').fill(`星际旅行指南${marker}`);
    const editor = page.getByTestId('article-editor').locator('[contenteditable="true"]');
    await editor.click();
    await editor.type('第一章 如何准备一次星际旅行。');
    // An image through the editor's upload button lands in the text.
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"][accept="image/*"]').first().setInputFiles({
      name: 'star.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await editor.locator('img[src^="/uploads/"]').waitFor();
    await page.locator('#post-category').click();
    await page.getByRole('option', { name: category }).click();
    await page.getByTestId('post-submit').click();
    await page.waitForURL((url) => url.pathname.startsWith('/article/'));
    const identifier = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByText('星际旅行指南').first().waitFor();
    await snap(page, 'community-article-pending');
    // Not public yet: approved in the back office.
    const article = await api<{ id: number; status: number }>(
      'GET',
      `/article?identifier=${identifier}`,
      undefined,
      author.token,
    );
    expect(article.status).toBe(0);
    const adminContext = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const adminPage = await signInAsAdmin(adminContext);
    await openApp(adminPage, `${baseUrl()}/admin/article/list`);
    const row = adminPage.getByRole('row').filter({ hasText: `星际旅行指南${marker}` });
    await row.waitFor();
    await snap(adminPage, 'community-admin-articles');
    await api('PUT', '/article/check', { article_id: [article.id], status: 1 }, token);
    await adminContext.close();

    // Another member: favourite and comment.
    const reader = await register('rd');
    const readerContext = await browser.newContext(PHONE_CONTEXT);
    const readerPage = await signIn(readerContext, reader.username, reader.password);
    await openApp(readerPage, `${baseUrl()}/article/${identifier}`);
    await readerPage.getByText('如何准备一次星际旅行').waitFor();
    await readerPage.locator('article img[src^="/uploads/"], main img[src^="/uploads/"]').first().waitFor();
    await readerPage.getByTestId('favorite-button').first().click();
    await expect.poll(() => readerPage.getByTestId('favorite-count').first().textContent(), POLL).toBe('1');
    await readerPage.getByTestId('comment-input').fill('写得真好');
    await readerPage.getByTestId('comment-submit').click();
    await readerPage.getByTestId('comment-content').filter({ hasText: '写得真好' }).waitFor();
    await snap(readerPage, 'community-article-comment-phone');
    const favourites = await api<{ favorite: { document_id: number }[] }>(
      'GET',
      '/favorite/list?type=1',
      undefined,
      reader.token,
    );
    expect(favourites.favorite.map((f) => f.document_id)).toContain(article.id);
    // The author's own list shows it approved.
    await openApp(page, `${baseUrl()}/me/article`);
    await page.getByText(`星际旅行指南${marker}`).waitFor();
    await context.close();
    await readerContext.close();
  }, 240_000);

  it('a punished member cannot comment and is told why', async () => {
    const token = await adminToken();
    const doc = await firstConvertedDocument();
    const member = await register('pn');
    await api('POST', '/punishment', { user_id: [member.id], type: [2], reason: '恶意刷屏' }, token);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await signIn(context, member.username, member.password);
    await openApp(page, `${baseUrl()}/document/${doc.uuid}`);
    await page.getByTestId('comment-input').fill('你好');
    await page.getByTestId('comment-submit').click();
    await page.getByText('您已被禁止评论，原因：恶意刷屏（永久）').first().waitFor();
    await snap(page, 'community-punished');
    await context.close();
  }, 180_000);

  it('the home page shows banners, category blocks and notices', async () => {
    const token = await adminToken();
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const path = await uploadBannerImage(token, png);
    await api('POST', '/banner', { path, title: `横幅${marker}`, enable: true, type: 0 }, token);
    const notice = await api<{ id: number; identifier?: string }>(
      'POST',
      '/article',
      { title: `网站公告${marker}`, content: '<p>公告内容</p>', notice: 1 },
      token,
    );
    await firstConvertedDocument();
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    await openApp(page, `${baseUrl()}/`);
    await page.getByTestId('home-banner').first().waitFor();
    await page.getByTestId('notice-board').getByText(`网站公告${marker}`).waitFor();
    await page.getByTestId('home-category-blocks').waitFor();
    await snap(page, 'community-home');
    // The notice's own page: the red speaker shows its tooltip on hover and on keyboard focus (plain CSS, no library).
    await openApp(page, `${baseUrl()}/article/${notice.identifier ?? notice.id}`);
    const tip = page.getByRole('tooltip').filter({ hasText: '网站公告' }).first();
    await page.getByTestId('notice-mark').first().hover();
    await tip.waitFor();
    await snap(page, 'community-notice-tooltip');
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: 'hidden' });
    await page.getByTestId('notice-mark').first().focus();
    await tip.waitFor();
    const phone = await browser.newContext(PHONE_CONTEXT);
    const small = await phone.newPage();
    await openApp(small, `${baseUrl()}/`);
    await small.getByTestId('home-category-blocks').waitFor();
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await snap(small, 'community-home-phone');
    await context.close();
    await phone.close();
  }, 180_000);

  it('the V2 home layout shows 精选推荐, 热门分类 and 快捷入口 when the setting picks it', async () => {
    const token = await adminToken();
    // 精选推荐 hides itself without recommended documents: recommend one, and undo it afterwards if it was not.
    const doc = await firstConvertedDocument();
    await api('PUT', '/document/recommend', { id: [doc.id], type: 2 }, token);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const phone = await browser.newContext(PHONE_CONTEXT);
    try {
      await withConfig(token, [{ category: 'display', name: 'home_version', value: 'v2' }], async () => {
        const page = await context.newPage();
        await openApp(page, `${baseUrl()}/`);
        await page.locator('[data-home-version="v2"]').waitFor();
        const featured = page.getByTestId('home-featured');
        await featured.getByRole('heading', { name: '精选推荐' }).waitFor();
        await featured.getByRole('link', { name: doc.title }).first().waitFor();
        const categories = page.getByTestId('home-hot-categories');
        await categories.getByRole('heading', { name: '热门分类' }).waitFor();
        await categories.getByText('探索丰富的文档资源分类').waitFor();
        await categories
          .getByText(/\d+ 个文档/)
          .first()
          .waitFor();
        const quick = page.getByTestId('home-quick-links');
        await quick.getByRole('heading', { name: '快捷入口' }).waitFor();
        expect(await quick.getByRole('link', { name: '浏览文档' }).getAttribute('href')).toBe('/category');
        // The list view shows each document's description (or 暂无描述).
        await featured.getByRole('button', { name: '列表' }).click();
        await featured.locator('ul[data-view="list"]').waitFor();
        await snap(page, 'community-home-v2');
        const small = await phone.newPage();
        await openApp(small, `${baseUrl()}/`);
        await small.getByTestId('home-featured').waitFor();
        await small.getByTestId('home-quick-links').waitFor();
        expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
        await snap(small, 'community-home-v2-phone');
      });
    } finally {
      if (!doc.recommend_at) await api('PUT', '/document/recommend', { id: [doc.id], type: 0 }, token);
      await phone.close();
      await context.close();
    }
    // Back on V1 for everyone after.
    const again = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await again.newPage();
    await openApp(page, `${baseUrl()}/`);
    await page.locator('[data-home-version="v1"]').waitFor();
    await again.close();
  }, 180_000);

  it('serves the reading page with its title, description and text to a reader that runs no script', async () => {
    const doc = await firstConvertedDocument();
    const html = await (await fetch(`${baseUrl()}/document/${doc.uuid}`)).text();
    const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`<title>${escaped(doc.title)} - `);
    expect(html).toContain('<meta name="description" content="');
    expect(html).toContain('"@type":"DigitalDocument"');
    // The page itself, painted by the server, sits inside #root before any script runs: the title as its heading
    // and the text of the document.
    const root = html.slice(html.indexOf('<div id="root">'));
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1] ?? '';
    expect(heading.replace(/<[^>]+>/g, '').trim()).toBe(escaped(doc.title));
    expect(root.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, '').length).toBeGreaterThan(
      doc.title.length + 20,
    );
  });
});
