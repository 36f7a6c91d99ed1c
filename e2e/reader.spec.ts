import { mkdirSync } from 'node:fs';
import * as mupdf from 'mupdf';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, CONVERT, POLL, register, signIn, withConfig } from './helpers.ts';

/** The reader on a phone (issue 20): fit width, page counter and jump, text mode and back, continue reading. */

const browser = useBrowser();
/** Six pages, each a 26 pt heading over body lines; `label` makes the file unique. */
function structuredPdf(label: string): Buffer {
  const pdf = new mupdf.PDFDocument();
  const font = pdf.addSimpleFont(new mupdf.Font('Times-Roman'));
  const bold = pdf.addSimpleFont(new mupdf.Font('Times-Bold'));
  const resources = pdf.addObject({ Font: { F1: font, F2: bold } });
  for (let i = 1; i <= 6; i++) {
    const body = Array.from(
      { length: 30 },
      (_, j) => `(Page ${i} sentence ${j}: the reader reflows this text for a phone. ${label}) Tj 0 -16 Td`,
    ).join(' ');
    const ops = `BT /F2 26 Tf 56 770 Td (Chapter ${i} Heading) Tj ET BT /F1 12 Tf 56 720 Td ${body} ET`;
    pdf.insertPage(-1, pdf.addPage([0, 0, 595, 842], 0, resources, ops));
  }
  const out = Buffer.from(pdf.saveToBuffer('compress').asUint8Array());
  pdf.destroy();
  return out;
}

/** A six-page PDF with a price, converted with the preview cut at four pages. */
async function publish(admin: string, title: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(structuredPdf(title))]), `${title}.pdf`);
  const res = await fetch(`${baseUrl()}/api/v1/upload/document`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  const up = (await res.json()) as { data: { id: number } };
  const created = await api<{ document: { id: number; uuid: string; status: number }[] }>(
    'POST',
    '/document',
    { category_id: [], document: [{ title, attachment_id: up.data.id, price: 3 }] },
    admin,
  );
  const doc = created.document[0] as { id: number; uuid: string; status: number };
  if (doc.status === 6) await api('PUT', '/document/check', { id: [doc.id], status: 0 }, admin);
  await expect
    .poll(async () => (await api<{ status: number }>('GET', `/document?uuid=${doc.uuid}`)).status, CONVERT)
    .toBe(2);
  return doc.uuid;
}

/** A screenshot of what the screen shows (the reader's place matters, not the whole page) for a person to look at. */
async function view(page: Page, name: string) {
  const dir = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png` });
}

const counter = (page: Page) => page.getByTestId('page-jump').inputValue();

/** Whether the top of `testid` sits within the upper half of the viewport. */
const nearTop = (page: Page, testid: string) =>
  page.getByTestId(testid).evaluate((el, height) => {
    const top = el.getBoundingClientRect().top;
    return top >= -2 && top < height / 2;
  }, page.viewportSize()?.height ?? PHONE.height);

describe('the reader on a phone', () => {
  it('fits pages to the screen, counts and jumps pages, reflows text and switches back, and resumes', async () => {
    const admin = await adminToken();
    const title = `reader-${Date.now().toString(36)}`;
    const uuid = await withConfig(admin, [{ category: 'converter', name: 'max_preview', value: '4' }], () =>
      publish(admin, title),
    );
    const member = await register('rdr');
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    let page = await signIn(context, member.username, member.password);
    await openApp(page, `${baseUrl()}/document/${uuid}`);

    // Fit width: the first page fills the column, nothing scrolls sideways, and the phone fetched the 720 px size.
    const first = page.getByTestId('page-1').locator('img');
    await expect
      .poll(
        () =>
          first.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0),
        POLL,
      )
      .toBe(true);
    const box = await first.boundingBox();
    expect(box?.width).toBeGreaterThan(330);
    expect(box?.width).toBeLessThanOrEqual(390);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    expect(await first.evaluate((img: { currentSrc: string }) => img.currentSrc)).toContain('?w=720');

    // The counter: 第 1 / 6 页; jumping to page 3 brings it to the top.
    expect(await counter(page)).toBe('1');
    expect(await page.getByTestId('page-counter').textContent()).toContain('/ 6 页');
    await page.getByTestId('page-jump').fill('3');
    await page.getByTestId('page-jump').press('Enter');
    await expect.poll(() => counter(page), POLL).toBe('3');
    expect(await nearTop(page, 'page-3')).toBe(true);
    await view(page, 'reader-phone-pages');

    // Text mode opens at the same page, with its heading; nothing past the preview, the end block says what is left.
    await page.getByTestId('reader-mode').click();
    await page.getByTestId('text-reader').waitFor();
    await expect.poll(() => nearTop(page, 'text-page-3'), POLL).toBe(true);
    expect(await counter(page)).toBe('3');
    expect(await page.getByTestId('text-page-3').locator('h2').textContent()).toBe('Chapter 3 Heading');
    expect(await page.getByTestId('text-page-3').textContent()).toContain('the reader reflows this text');
    expect(await page.getByTestId('text-page-5').count()).toBe(0);
    expect(await page.getByTestId('preview-end').textContent()).toContain('还有 2 页未展示');
    expect(await page.getByTestId('preview-end').textContent()).toContain('3 魔豆');
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390);
    await view(page, 'reader-phone-text');

    // Reading on to page 4 in text mode, then back to the page view at page 4.
    await page.getByTestId('text-page-4').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(() => counter(page), POLL).toBe('4');
    await page.getByTestId('reader-mode').click();
    await page.getByTestId('page-4').waitFor();
    await expect.poll(() => nearTop(page, 'page-4'), POLL).toBe(true);
    expect(await counter(page)).toBe('4');
    await page.getByTestId('preview-end').scrollIntoViewIfNeeded();
    await view(page, 'reader-phone-end');

    // The position is kept: back later, the page offers to continue at page 4.
    await page.getByTestId('page-4').scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const r = await fetch(
          `${baseUrl()}/api/trpc/document.readingPosition?input=${encodeURIComponent(JSON.stringify({ id: await docId(uuid) }))}`,
          { headers: { authorization: `Bearer ${member.token}` } },
        );
        return ((await r.json()) as { result: { data: { page: number } } }).result.data.page;
      }, POLL)
      .toBe(4);
    // A new tab (a reload would put the reader back at page 4 by itself, and then nothing is offered).
    await page.close();
    page = await context.newPage();
    await openApp(page, `${baseUrl()}/document/${uuid}`);
    expect(await counter(page)).toBe('1');
    const resume = page.getByTestId('resume-reading');
    await resume.waitFor();
    expect(await resume.textContent()).toBe('继续阅读第 4 页');
    await view(page, 'reader-phone-resume');
    await resume.click();
    await expect.poll(() => counter(page), POLL).toBe('4');
    expect(await nearTop(page, 'page-4')).toBe(true);
    expect(await page.getByTestId('resume-prompt').count()).toBe(0);

    // A next document under the reader, and popular ones on the home page: only public documents, linked.
    const next = page.getByTestId('next-reads');
    await next.locator('a[href^="/document/"]').first().waitFor();
    await next.scrollIntoViewIfNeeded();
    await view(page, 'reader-phone-next');
    await openApp(page, `${baseUrl()}/`);
    const popular = page.getByTestId('home-popular');
    await popular.locator('a[href^="/document/"]').first().waitFor();
    await popular.scrollIntoViewIfNeeded();
    await view(page, 'home-phone-popular');
    await context.close();

    // The same document on a desktop, for the eye.
    const desk = await browser.newContext({ viewport: DESKTOP });
    const dp = await desk.newPage();
    await openApp(dp, `${baseUrl()}/document/${uuid}`);
    await dp.getByTestId('page-1').locator('img').waitFor();
    await view(dp, 'reader-desktop');
    await dp.getByTestId('reader-mode').click();
    await dp.getByTestId('text-page-1').waitFor();
    await view(dp, 'reader-desktop-text');
    await desk.close();
  });
});

describe('the reader in English and dark', () => {
  it('counts pages and reflows text in the reader’s language and theme', async () => {
    const admin = await adminToken();
    const title = `reader-en-${Date.now().toString(36)}`;
    const uuid = await withConfig(admin, [{ category: 'converter', name: 'max_preview', value: '4' }], () =>
      publish(admin, title),
    );
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, colorScheme: 'dark' });
    await context.addInitScript(
      "localStorage.setItem('wenku-lang', 'en'); localStorage.setItem('wenku-theme', 'dark');",
    );
    const page = await context.newPage();
    await openApp(page, `${baseUrl()}/document/${uuid}`);
    await expect.poll(() => page.getByTestId('page-counter').textContent(), POLL).toContain('of 6');
    await page.getByTestId('reader-mode').click();
    await page.getByTestId('text-page-1').waitFor();
    expect(await page.getByTestId('reader-mode').textContent()).toBe('Pages');
    expect(await page.getByTestId('preview-end').textContent()).toContain('2 more pages not shown');
    await view(page, 'reader-phone-text-en-dark');
    await page.getByTestId('preview-end').scrollIntoViewIfNeeded();
    await view(page, 'reader-phone-end-en-dark');
    await context.close();
  });
});

async function docId(uuid: string): Promise<number> {
  return (await api<{ id: number }>('GET', `/document?uuid=${uuid}`)).id;
}

describe('what the reading page loads when first used (issue 17)', () => {
  it('a guest opens the page viewer and the share and sign-in popovers, by pointer and by keyboard', async () => {
    const admin = await adminToken();
    const title = `reader-lazy-${Date.now().toString(36)}`;
    const uuid = await publish(admin, title);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await openApp(page, `${baseUrl()}/document/${uuid}`);
    await page.getByTestId('document-page').first().waitFor();
    // The server painted the buttons; hydration took them over as they were, before any of their code loaded.
    expect(scripts.filter((s) => /\/(hover-popover-panel|image-viewer|report-dialog|confirm-dialog)-/.test(s))).toEqual(
      [],
    );

    // Share, from the keyboard: Enter opens it, Escape closes it and gives the focus back to the button.
    const share = page.getByTestId('share-button');
    await share.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByTestId('share-popover');
    await popover.waitFor();
    expect(await popover.textContent()).toContain(`/document/${uuid}`);
    expect(await share.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });
    expect(
      await share.evaluate(
        (el: { ownerDocument: { activeElement: unknown } }) => el === el.ownerDocument.activeElement,
      ),
    ).toBe(true);
    // A second press on the button opens it again, a third closes it (the button toggles).
    await share.click();
    await popover.waitFor();
    await share.click();
    await popover.waitFor({ state: 'hidden' });

    // The favourite button asks a guest to sign in, in a popover of its own.
    await page.getByTestId('favorite-button').click();
    await page.getByText('登录后即可收藏').waitFor();
    await page.keyboard.press('Escape');

    // A page opens in the viewer, which loads with that first press (Enter on the page; its text layer takes clicks).
    await page.getByTestId('document-page').first().focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))).toEqual([]);
    await context.close();
  });
});
