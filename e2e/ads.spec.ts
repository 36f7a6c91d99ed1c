import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, openApp, snap, useBrowser } from './browser.ts';
import { adminToken, api, baseUrl, POLL, signInAsAdmin } from './helpers.ts';

/**
 * Issue 15 item 3: an advertisement's script (inline, and an ad network's `<script src>` from another origin) runs
 * inside its box, which is as tall as its content, and reads nothing of the site: not the signed-in administrator's
 * token in localStorage, not the cookies, not the page around it.
 */
const browser = useBrowser();
let network: Server;
let networkUrl = '';
let adId = 0;

/** What the ad's scripts try, each reported to the test through the exposed binding (or the console). */
const PROBE = `
  function wenkuProbe(who) {
    var seen = [];
    try { seen.push('storage=' + JSON.stringify(window.localStorage)); } catch (e) { seen.push('storage blocked'); }
    try { seen.push('cookie=' + document.cookie); } catch (e) { seen.push('cookie blocked'); }
    try { seen.push('parent=' + parent.document.documentElement.outerHTML); } catch (e) { seen.push('parent blocked'); }
    try { seen.push('top=' + top.localStorage.length); } catch (e) { seen.push('top blocked'); }
    var report = seen.join(' | ');
    if (window.__adProbe) window.__adProbe(who + ': ' + report);
    console.log('ad probe ' + who + ': ' + report);
    return report;
  }`;

beforeAll(async () => {
  // The "ad network": another origin serving the ad's script, as real ad code does.
  network = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(
      `${PROBE}\nvar r = wenkuProbe('external');\n` +
        `document.write('<p id="external">external ran (' + (r.indexOf('blocked') > 0 ? 'confined' : 'leaked') + ')</p>');`,
    );
  });
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  networkUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (adId) await api('DELETE', `/advertisement?id=${adId}`, undefined, await adminToken());
  await new Promise<void>((resolve) => network.close(() => resolve()));
});

describe('advertisements', () => {
  it("run their script in their own box, as tall as their content, without reaching the admin's session", async () => {
    const token = await adminToken();
    const content = [
      '<div id="inline">inline pending</div>',
      `<script>${PROBE}\nvar r = wenkuProbe('inline');`,
      "document.getElementById('inline').textContent = 'inline ran';</script>",
      `<script src="${networkUrl}/ad.js"></script>`,
      '<div style="height:137px;background:#fc0">a tall ad</div>',
    ].join('\n');
    const ad = await api<{ id: number }>(
      'POST',
      '/advertisement',
      { position: 'global_top', title: '沙箱广告', content },
      token,
    );
    adId = ad.id;

    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const probes: string[] = [];
    await context.exposeBinding('__adProbe', (_source, report: string) => {
      probes.push(report);
    });
    const page = await signInAsAdmin(context);
    page.on('console', (m) => {
      if (m.text().startsWith('ad probe ')) probes.push(m.text().slice('ad probe '.length));
    });
    const session = String(await page.evaluate("Object.values(localStorage).join('\\n')"));
    const signedInToken = /"token":"([^"]+)"/.exec(session)?.[1] ?? '';
    expect(signedInToken.length).toBeGreaterThan(20);

    await openApp(page, `${baseUrl()}/`);
    const frame = page.frameLocator(`iframe[data-ad-id="${adId}"]`);
    await expect.poll(() => frame.locator('#inline').textContent(), POLL).toBe('inline ran');
    await expect.poll(() => frame.locator('#external').textContent(), POLL).toBe('external ran (confined)');
    await expect.poll(() => probes.length, POLL).toBeGreaterThanOrEqual(2);
    for (const report of probes) {
      expect(report).toContain('storage blocked');
      expect(report).toContain('cookie blocked');
      expect(report).toContain('parent blocked');
      expect(report).toContain('top blocked');
      expect(report).not.toContain(signedInToken);
    }

    // The box is exactly as tall as what the ad shows, the 137 px block included.
    const iframe = page.locator(`iframe[data-ad-id="${adId}"]`);
    const adDocument = page.frames().find((f) => f.url().endsWith(`/ad-frame/${adId}`));
    expect(adDocument).toBeDefined();
    const inner = async () =>
      Math.ceil(Number(await adDocument?.evaluate('document.documentElement.getBoundingClientRect().height')));
    await expect.poll(async () => (await iframe.boundingBox())?.height ?? 0, POLL).toBeGreaterThan(137);
    await expect
      .poll(async () => Math.abs(((await iframe.boundingBox())?.height ?? 0) - (await inner())), POLL)
      .toBeLessThanOrEqual(1);
    await expect(iframe.getAttribute('sandbox')).resolves.not.toContain('allow-same-origin');
    await snap(page, 'ads-confined');
    await context.close();
  });
});
