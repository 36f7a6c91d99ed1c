/**
 * Where providers send payment notifications (moredoc-pro-facts §3.2): the server builds them from 网站域名
 * (system.domain), so that is what the page shows; the page's own origin only while no domain is set.
 */
export function paymentCallbackUrl(domain: string, fallbackOrigin: string, provider: string): string {
  const site = domain.trim().replace(/\/+$/, '') || fallbackOrigin;
  return `${site}/callback/${provider}`;
}
