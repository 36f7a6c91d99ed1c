import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openApp, PHONE, PHONE_CONTEXT, snap, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, POLL } from './helpers.ts';

const browser = useBrowser();
let dir: string;
const marker = `qz${Date.now().toString(36)}`;

/** A PDF with one page per entry (LibreOffice honours CSS page breaks in HTML). */
function makePdf(name: string, pages: string[]): string {
  const html = join(dir, `${name}.html`);
  writeFileSync(
    html,
    `<html><body>${pages.map((p, i) => `<p${i ? ' style="page-break-before: always"' : ''}>${p}</p>`).join('')}</body></html>`,
  );
  execFileSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${join(dir, 'lo')}`,
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      html,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return join(dir, `${name}.pdf`);
}

async function publish(token: string, file: string, title: string, category: number) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), `${title}.pdf`);
  const res = await fetch(`${baseUrl()}/api/v1/upload/document`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const up = (await res.json()) as { data: { id: number } };
  const created = await api<{ document: { id: number }[] }>(
    'POST',
    '/document',
    { category_id: [category], document: [{ title, attachment_id: up.data.id, price: 0 }] },
    token,
  );
  return created.document[0]!.id;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wenku-e2e-search-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('search', () => {
  it('searches from the header, filters by a facet, opens a result and finds a word inside it on page 3', async () => {
    const token = await adminToken();
    const cats = await api<{ category: { id: number; title: string }[] }>(
      'POST',
      '/category',
      { title: `天文${marker}\n地理${marker}` },
      token,
    );
    const [astronomy, geography] = cats.category;
    const book = makePdf('book', [
      `星空观测手册 ${marker} 第一页`,
      `第二页 望远镜的选择`,
      `第三页 独角兽星座 与 猎户座`,
      `第四页 ${marker} 结束`,
    ]);
    const other = makePdf('other', [`地形图 ${marker} 山脉与河流`]);
    const ids = [
      await publish(token, book, `星空观测手册${marker}`, astronomy!.id),
      await publish(token, other, `地形图${marker}`, geography!.id),
    ];
    // Converted and indexed by the worker.
    await expect
      .poll(async () => (await api<{ total: number }>('GET', `/search?wd=${encodeURIComponent(marker)}`)).total, {
        timeout: 120_000,
        interval: 1_000,
      })
      .toBe(2);

    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    await openApp(page, `${baseUrl()}/category`);
    const box = page.locator('header form input').first();
    await box.fill(marker);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('wd') === marker);
    await expect.poll(() => page.getByTestId('search-result').count(), POLL).toBe(2);
    await page.getByTestId('search-summary').getByText('为您找到相关结果约 2 个').waitFor();
    await snap(page, 'search-results');

    // The category facet narrows to one result.
    await page.getByRole('button', { name: `天文${marker}(1)` }).click();
    await page.waitForURL((url) => url.searchParams.has('category_id'));
    await expect.poll(() => page.getByTestId('search-result').count(), POLL).toBe(1);
    const result = page.getByTestId('search-result').first();
    expect(await result.innerHTML()).toContain(`<mark>${marker}</mark>`);

    // Open it and search inside: the hit is on page 3.
    await result
      .getByRole('link', { name: `星空观测手册${marker}` })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/document/'));
    await page.getByTestId('doc-search-input').fill('独角兽');
    await page.getByTestId('doc-search-input').press('Enter');
    await page.getByTestId('doc-search-count').getByText('共 1 处').waitFor();
    await page.getByTestId('doc-search-page-3').click();
    const target = page.getByTestId('page-3');
    await expect
      .poll(async () => {
        const b = await target.boundingBox();
        return !!b && b.y < DESKTOP.height && b.y + b.height > 0;
      }, POLL)
      .toBe(true);
    await target.getByTestId('doc-search-hit').first().waitFor();
    // The text layer under the hit is real text a reader can select.
    await expect.poll(() => target.getByTestId('text-layer-3').textContent(), POLL).toContain('独角兽星座');
    await snap(page, 'search-in-document');
    await context.close();
    expect(ids).toHaveLength(2);
  }, 240_000);

  it('works on a phone: results without overflow', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await openApp(page, `${baseUrl()}/search?wd=${encodeURIComponent(marker)}`);
    await expect.poll(() => page.getByTestId('search-result').count(), POLL).toBe(2);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'search-phone');
    await context.close();
  });
});
