import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from '../../lib/dates';
import {
  END_TIME_PRESETS,
  endTimeInput,
  itemTypeKey,
  operatorIds,
  operatorLog,
  PUNISHMENT_TYPES,
  presetEndTime,
  punishmentState,
  punishmentTypeKey,
  REPORT_REASONS,
  reasonKey,
  reportedItemHref,
} from './moderation';

describe('labels', () => {
  it('lists the six reasons and six punishment types of spec §3.2', () => {
    expect(REPORT_REASONS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(PUNISHMENT_TYPES).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keys reasons, types and items, with a fallback for unknown values', () => {
    expect(reasonKey(1)).toBe('moderation.reason.1');
    expect(reasonKey(6)).toBe('moderation.reason.6');
    expect(reasonKey(0)).toBe('moderation.reason.unknown');
    expect(reasonKey(7)).toBe('moderation.reason.unknown');
    expect(punishmentTypeKey(6)).toBe('moderation.punishmentType.6');
    expect(punishmentTypeKey(9)).toBe('moderation.punishmentType.unknown');
    expect(itemTypeKey(0)).toBe('moderation.itemType.0');
    expect(itemTypeKey(1)).toBe('moderation.itemType.1');
  });
});

describe('reportedItemHref', () => {
  it('links documents by uuid and articles by identifier', () => {
    expect(reportedItemHref({ type: 0, document_uuid: 'abc-123' })).toBe('/document/abc-123');
    expect(reportedItemHref({ type: 1, document_uuid: 'my-post' })).toBe('/article/my-post');
  });

  it('has no link for an item that is gone, and escapes odd identifiers', () => {
    expect(reportedItemHref({ type: 0, document_uuid: '' })).toBeNull();
    expect(reportedItemHref({ type: 1, document_uuid: 'a b/c' })).toBe('/article/a%20b%2Fc');
  });
});

describe('punishmentState', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('is active while enabled and before its end, or without an end', () => {
    expect(punishmentState({ enable: true, end_time: null }, now)).toBe('active');
    expect(punishmentState({ enable: true, end_time: '2025-06-01T12:00:01Z' }, now)).toBe('active');
  });

  it('has ended once the end time is reached', () => {
    expect(punishmentState({ enable: true, end_time: '2025-06-01T12:00:00Z' }, now)).toBe('ended');
    expect(punishmentState({ enable: true, end_time: '2024-01-01T00:00:00Z' }, now)).toBe('ended');
  });

  it('is cancelled when disabled, whatever its end', () => {
    expect(punishmentState({ enable: false, end_time: null }, now)).toBe('cancelled');
    expect(punishmentState({ enable: false, end_time: '2030-01-01T00:00:00Z' }, now)).toBe('cancelled');
  });
});

describe('presetEndTime', () => {
  const from = new Date(2025, 0, 31, 10, 30, 0);

  it('adds hours, days and weeks exactly', () => {
    expect(presetEndTime('1h', from).getTime() - from.getTime()).toBe(3_600_000);
    expect(presetEndTime('12h', from).getTime() - from.getTime()).toBe(12 * 3_600_000);
    expect(presetEndTime('1d', from).getTime() - from.getTime()).toBe(24 * 3_600_000);
    expect(presetEndTime('2d', from).getTime() - from.getTime()).toBe(48 * 3_600_000);
    expect(presetEndTime('1w', from).getTime() - from.getTime()).toBe(7 * 24 * 3_600_000);
  });

  it('adds months by the calendar, clamped to the month end', () => {
    expect(presetEndTime('1m', from)).toEqual(new Date(2025, 1, 28, 10, 30, 0));
    expect(presetEndTime('6m', from)).toEqual(new Date(2025, 6, 31, 10, 30, 0));
    expect(presetEndTime('1y', from)).toEqual(new Date(2026, 0, 31, 10, 30, 0));
    expect(presetEndTime('1y', new Date(2024, 1, 29, 8, 0))).toEqual(new Date(2025, 1, 28, 8, 0));
  });

  it('has the eight picks of moredoc in order', () => {
    expect(END_TIME_PRESETS).toEqual(['1h', '12h', '1d', '2d', '1w', '1m', '6m', '1y']);
  });
});

describe('end time input', () => {
  it('shows times in the datetime-local format', () => {
    expect(toDateTimeLocal(new Date(2025, 2, 4, 5, 6, 7))).toBe('2025-03-04T05:06');
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('not a date')).toBe('');
  });

  it('sends an ISO instant, null for permanent and undefined for nonsense', () => {
    expect(endTimeInput('2025-03-04T05:06')).toBe(new Date(2025, 2, 4, 5, 6).toISOString());
    expect(endTimeInput('')).toBeNull();
    expect(endTimeInput('  ')).toBeNull();
    expect(endTimeInput('tomorrow')).toBeUndefined();
  });

  it('round-trips a local time', () => {
    const local = '2026-12-31T23:59';
    expect(toDateTimeLocal(endTimeInput(local))).toBe(local);
  });
});

describe('operator log', () => {
  const ops = [
    { u: 2, t: 1, ts: 100 },
    { u: 5, t: 0, ts: 300 },
    { u: 2, t: 3, ts: 200 },
  ];

  it('lists newest first without changing the original', () => {
    expect(operatorLog(ops).map((o) => o.ts)).toEqual([300, 200, 100]);
    expect(ops[0]?.ts).toBe(100);
  });

  it('collects operator ids once, skipping unknown (0)', () => {
    expect(
      operatorIds([
        { operators: ops },
        {
          operators: [
            { u: 0, t: 1, ts: 1 },
            { u: 9, t: 2, ts: 2 },
          ],
        },
      ]),
    ).toEqual([2, 5, 9]);
  });
});
