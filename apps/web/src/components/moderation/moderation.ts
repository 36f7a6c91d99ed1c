import { ContentKind, PunishmentType, type punishmentOutput, ReportReason, type reportOutput } from '@wenku/shared';
import type { z } from 'zod';
import '@/i18n/areas/moderation';

/**
 * Pure rules of the moderation screens: report reasons and punishment types (spec §3.2 values), links to reported
 * items, the state of a punishment and the end-time quick picks of the punishment form (moredoc-facts §12, §13).
 */

export type ReportDTO = z.infer<typeof reportOutput>;
export type PunishmentDTO = z.infer<typeof punishmentOutput>;

/** The six report reasons in the order the report drawer lists them (1 垃圾广告 … 6 骚扰他人). */
export const REPORT_REASONS: readonly number[] = Object.values(ReportReason);
/** The six punishment types (1 禁用账户 … 6 禁止发布文章). */
export const PUNISHMENT_TYPES: readonly number[] = Object.values(PunishmentType);
/** What can be reported: a document (0) or an article (1). */
export const REPORT_TYPES: readonly number[] = [ContentKind.Document, ContentKind.Article];

export const isReportReason = (n: number) => REPORT_REASONS.includes(n);
export const isPunishmentType = (n: number) => PUNISHMENT_TYPES.includes(n);

/** The i18n key of a report reason (`moderation.reason.<n>`), `unknown` for a value outside the catalogue. */
export const reasonKey = (reason: number) => `moderation.reason.${isReportReason(reason) ? reason : 'unknown'}`;
/** The i18n key of a punishment type (`moderation.punishmentType.<n>`). */
export const punishmentTypeKey = (type: number) =>
  `moderation.punishmentType.${isPunishmentType(type) ? type : 'unknown'}`;
/** The i18n key of what a report is about (`moderation.itemType.0` 文档, `.1` 文章). */
export const itemTypeKey = (type: number) => `moderation.itemType.${type === ContentKind.Article ? 1 : 0}`;

/**
 * Where the reported item is read: `/article/{identifier}` or `/document/{uuid}`; null when the item is gone (the
 * list joins it by id, a deleted item has no uuid or identifier left).
 */
export function reportedItemHref(r: { type: number; document_uuid: string }): string | null {
  if (!r.document_uuid) return null;
  const slug = encodeURIComponent(r.document_uuid);
  return r.type === ContentKind.Article ? `/article/${slug}` : `/document/${slug}`;
}

/**
 * 生效中 while enabled and before its end (moredoc-facts §13: expiry is evaluated at each check, nothing flips
 * `enable`), 已结束 once its end time has passed, 已取消 when disabled (cancelled, or saved as not enabled).
 */
export type PunishmentState = 'active' | 'ended' | 'cancelled';
export function punishmentState(p: { enable: boolean; end_time: string | null }, now: number): PunishmentState {
  if (!p.enable) return 'cancelled';
  if (p.end_time) {
    const end = new Date(p.end_time).getTime();
    if (!Number.isNaN(end) && end <= now) return 'ended';
  }
  return 'active';
}

/** The badge colour of each state. */
export const PUNISHMENT_STATE_TONE = {
  active: 'destructive',
  ended: 'secondary',
  cancelled: 'outline',
} as const satisfies Record<PunishmentState, string>;

/** The expiry quick picks of moredoc's punishment form: 1小时, 12小时, 1天, 2天, 1周, 1月, 半年, 1年. */
export const END_TIME_PRESETS = ['1h', '12h', '1d', '2d', '1w', '1m', '6m', '1y'] as const;
export type EndTimePreset = (typeof END_TIME_PRESETS)[number];

const HOUR = 3_600_000;
const PRESET_SPAN: Record<EndTimePreset, { hours?: number; months?: number }> = {
  '1h': { hours: 1 },
  '12h': { hours: 12 },
  '1d': { hours: 24 },
  '2d': { hours: 48 },
  '1w': { hours: 24 * 7 },
  '1m': { months: 1 },
  '6m': { months: 6 },
  '1y': { months: 12 },
};

/**
 * The end time a quick pick sets, counted from `from`: hours and days exactly, months by the calendar (31 January
 * plus one month is the last day of February, not 3 March).
 */
export function presetEndTime(preset: EndTimePreset, from: Date): Date {
  const span = PRESET_SPAN[preset];
  if (span.hours) return new Date(from.getTime() + span.hours * HOUR);
  const d = new Date(from.getTime());
  const day = d.getDate();
  d.setDate(1);
  d.setMonth(d.getMonth() + (span.months ?? 0));
  const lastDay = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
  d.setDate(Math.min(day, lastDay));
  return d;
}

/**
 * The `end_time` to send for the form's local time: an ISO instant (the server reads it without guessing a time
 * zone), null for 永久 (empty input), undefined when the text is not a time.
 */
export function endTimeInput(local: string): string | null | undefined {
  if (!local.trim()) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** One entry of a punishment's operator log: who (`u`) did what (`t`: the type set, 0 = cancelled) when (`ts`, s). */
export interface OperatorEntry {
  u: number;
  t: number;
  ts: number;
}

/** The log newest first. */
export const operatorLog = (operators: readonly OperatorEntry[]) => [...operators].sort((a, b) => b.ts - a.ts);

/** Every operator id of these punishments, once, to look their names up in one request. */
export function operatorIds(rows: readonly { operators: readonly OperatorEntry[] }[]): number[] {
  return [...new Set(rows.flatMap((r) => r.operators.map((o) => o.u)))].filter((id) => id > 0).sort((a, b) => a - b);
}
