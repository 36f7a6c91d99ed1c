import { DomainError } from '@wenku/shared';
import type { Actor, DomainContext } from '../context.ts';
import { loadSettings } from '../settings/settings.service.ts';

/**
 * The site gate (spec §6, ARCHITECTURE.md rule 16), one rule for every request: with `security.is_close` only
 * administrators (holders of a permission) get in, with `security.login_required` only signed-in members. tRPC
 * procedures and the plain HTTP handlers (apps/server/src/http/door.ts) both call this; what the login pages, payment
 * callbacks and third-party sign-in need is exempted by the caller, never here. `actor` is whom to judge: the caller
 * by default, or the member a signed link was issued to. Throws UNAUTHENTICATED, FORBIDDEN.
 */
export async function passSiteGate(ctx: DomainContext, actor: Actor | null = ctx.actor): Promise<void> {
  const s = await loadSettings(ctx);
  if (s.bool('security.is_close') && !actor?.isAdmin) {
    throw new DomainError(actor ? 'FORBIDDEN' : 'UNAUTHENTICATED', 'site.closed');
  }
  if (s.bool('security.login_required') && !actor) {
    throw new DomainError('UNAUTHENTICATED', 'auth.login_required');
  }
}
