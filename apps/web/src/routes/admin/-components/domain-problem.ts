import { configuredOrigin } from '@wenku/shared';

/**
 * Why the dashboard warns about 网站域名 (issue 15 item 13): the server writes every absolute URL (sitemap, canonical
 * links, payment and OAuth callbacks) from it and never from the request, so it must be set, and set to the address
 * the site is really reached at.
 */
export type DomainProblem = 'unset' | 'differs';

export function domainProblem(domain: string, pageOrigin: string): DomainProblem | null {
  const origin = configuredOrigin(domain);
  if (!origin) return 'unset';
  return origin === pageOrigin ? null : 'differs';
}
