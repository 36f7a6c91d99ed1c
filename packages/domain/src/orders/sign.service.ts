import { UserSign } from '@wenku/db';
import { calendarDay, DEFAULT_CREDIT_NAME } from '@wenku/shared';
import type { DomainContext } from '../context.ts';
import { changeCredits, lockMember } from '../credits/credits.service.ts';
import { addDynamic, DynamicType } from '../dynamics/dynamic.service.ts';
import { conflict, forbidden } from '../errors.ts';
import { requireActor } from '../permissions.ts';
import { loadSettings } from '../settings/settings.service.ts';

async function today(ctx: DomainContext) {
  const s = await loadSettings(ctx);
  return { s, day: calendarDay(new Date(), s.str('system.timezone') || undefined) };
}

/** GET /user/sign: today's sign-in record of the caller, id 0 when not signed today (spec §4). */
export async function getSignToday(ctx: DomainContext) {
  const actor = requireActor(ctx);
  const { day } = await today(ctx);
  const row = await ctx.em.findOne(UserSign, { userId: actor.user.id, signDay: day });
  return { id: row?.id ?? 0, award: row?.award ?? 0, sign_day: day, credit_count: actor.user.creditCount };
}

/**
 * PUT /user/sign: signs the caller in for today (the site's calendar day) and awards `score.sign_in` through the
 * ledger in the same transaction. The unique (user, day) constraint, not a prior check, refuses a second sign-in,
 * also when two requests race. Throws UNAUTHENTICATED, CONFLICT.
 */
export async function signToday(ctx: DomainContext) {
  const actor = requireActor(ctx);
  const { s, day } = await today(ctx);
  const award = Math.max(0, Math.trunc(s.num('score.sign_in')));
  const creditName = s.str('score.credit_name') || DEFAULT_CREDIT_NAME;
  return ctx.em.transactional(async (em) => {
    const [row] = await em.execute<{ id: number }[]>(
      `insert into user_sign (user_id, sign_day, award, ip) values (?, ?, ?, ?)
         on conflict (user_id, sign_day) do nothing returning id`,
      [actor.user.id, day, award, ctx.ip],
    );
    if (!row) throw conflict('sign.already_today');
    let balance = actor.user.creditCount;
    if (award > 0) {
      balance = await changeCredits(em, {
        userId: actor.user.id,
        delta: award,
        reason: 'sign_in',
        refKey: `sign:${actor.user.id}:${day}`,
        remark: `每日签到`,
      });
    }
    await addDynamic(em, actor.user.id, DynamicType.SignIn, { kind: 'sign_in', award, credit: creditName });
    return { id: row.id, award, sign_day: day, credit_count: balance };
  });
}

/** Rewarded-ad credits a member may still claim today (payment type 10's counterpart; 0 when the feature is off). */
async function rewardedState(ctx: DomainContext, userId: number) {
  const { s, day } = await today(ctx);
  const perDay = Math.max(0, Math.trunc(s.num('score.rewarded_ad_times_every_day')));
  const credit = Math.max(0, Math.trunc(s.num('score.rewarded_ad_credit')));
  const [row] = await ctx.em.execute<{ n: string }[]>(
    `select count(*) as n from credit_log where user_id = ? and reason = 'rewarded_ad' and ref_key like ?`,
    [userId, `ad:${userId}:${day}:%`],
  );
  const used = Number(row?.n ?? 0);
  return { day, perDay, credit, used, remaining: credit > 0 ? Math.max(0, perDay - used) : 0 };
}

/** GET /user/rewarded/opportunities: how many rewarded ads the caller may still watch today and what each pays. */
export async function rewardedOpportunities(ctx: DomainContext) {
  const actor = requireActor(ctx);
  const st = await rewardedState(ctx, actor.user.id);
  return { remaining: st.remaining, times_every_day: st.perDay, credit: st.credit };
}

/**
 * PUT /user/rewarded/credit: credits one watched rewarded ad, at most `score.rewarded_ad_times_every_day` a day; the
 * (day, n) reference is unique in the ledger, so racing claims cannot exceed the limit. Throws FORBIDDEN.
 */
export async function claimRewardedCredit(ctx: DomainContext) {
  const actor = requireActor(ctx);
  return ctx.em.transactional(async (em) => {
    await lockMember(em, actor.user.id);
    const st = await rewardedState({ ...ctx, em }, actor.user.id);
    if (st.remaining <= 0) throw forbidden('sign.ad_rewards_used_up');
    const balance = await changeCredits(em, {
      userId: actor.user.id,
      delta: st.credit,
      reason: 'rewarded_ad',
      refKey: `ad:${actor.user.id}:${st.day}:${st.used + 1}`,
      remark: '观看激励广告',
    });
    return { credit: st.credit, credit_count: balance, remaining: st.remaining - 1 };
  });
}
