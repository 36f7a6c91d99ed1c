import { describe, expect, it } from 'vitest';
import { DESKTOP, openApp, snap, useBrowser } from './browser.ts';
import { baseUrl } from './helpers.ts';

const browser = useBrowser();

describe('the built site', () => {
  it("converts the demo documents of a newcomer's site", async () => {
    let total = 0;
    for (let i = 0; i < 120 && total < 3; i++) {
      const res = (await (await fetch(`${baseUrl()}/api/v1/document/list?size=50`)).json()) as { total: number };
      total = res.total;
      if (total < 3) await new Promise((r) => setTimeout(r, 500));
    }
    expect(total).toBeGreaterThanOrEqual(3);
  });

  it('renders the home page with the title from settings and the demo categories', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openApp(page, baseUrl());
    await expect.poll(() => page.title()).toBe('文库');
    await page.getByText('教育资料').first().waitFor();
    await snap(page, 'home-desktop');
    await page.close();
  });
});
