import { describe, expect, it } from 'vitest';
import {
  INDEX_POLL_MS,
  indexPollInterval,
  indexProgress,
  indexStatusOf,
  isIndexing,
  progressPercent,
  type SearchIndexStatus,
} from './search-index';

const status = (patch: Partial<SearchIndexStatus> = {}): SearchIndexStatus => ({
  type: 0,
  total: 0,
  pending: 0,
  indexed: 0,
  started_at: null,
  finished_at: null,
  ...patch,
});
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-01T00:01:00.000Z';

describe('isIndexing', () => {
  it('is idle when nothing was ever rebuilt', () => {
    expect(isIndexing(status({ indexed: 12 }))).toBe(false);
  });
  it('runs while items are queued', () => {
    expect(isIndexing(status({ pending: 3 }))).toBe(true);
    expect(isIndexing(status({ total: 10, pending: 3, started_at: T0, finished_at: T1 }))).toBe(true);
  });
  it('runs while a started rebuild has no finish time', () => {
    expect(isIndexing(status({ total: 10, started_at: T0 }))).toBe(true);
  });
  it('is done once finished with an empty queue', () => {
    expect(isIndexing(status({ total: 10, indexed: 10, started_at: T0, finished_at: T1 }))).toBe(false);
  });
  it('does not wait forever on a rebuild of nothing', () => {
    expect(isIndexing(status({ total: 0, started_at: T0 }))).toBe(false);
  });
});

describe('indexProgress', () => {
  it('is the share of the rebuild already taken from the queue', () => {
    expect(indexProgress(status({ total: 200, pending: 50 }))).toBe(0.75);
    expect(indexProgress(status({ total: 200, pending: 0 }))).toBe(1);
    expect(indexProgress(status({ total: 200, pending: 200 }))).toBe(0);
  });
  it('stays within 0–1 when edits queue more than the rebuild counted', () => {
    expect(indexProgress(status({ total: 10, pending: 25 }))).toBe(0);
  });
  it('is unknown without a rebuild total while items wait, complete when nothing waits', () => {
    expect(indexProgress(status({ pending: 4 }))).toBeNull();
    expect(indexProgress(status())).toBe(1);
  });
});

describe('progressPercent', () => {
  it('rounds to whole percent', () => {
    expect(progressPercent(0.756, 10)).toBe(76);
    expect(progressPercent(1, 0)).toBe(100);
  });
  it('does not claim 100 % while items wait', () => {
    expect(progressPercent(0.999, 1)).toBe(99);
  });
});

describe('indexStatusOf', () => {
  it('picks the row of the type', () => {
    const rows = [status({ type: 0, indexed: 5 }), status({ type: 1, indexed: 2 })];
    expect(indexStatusOf(rows, 1).indexed).toBe(2);
  });
  it('gives an empty row when the type is missing', () => {
    expect(indexStatusOf(undefined, 1)).toEqual(status({ type: 1 }));
  });
});

describe('indexPollInterval', () => {
  it('polls every 2 s while any type is indexing', () => {
    expect(indexPollInterval([status(), status({ type: 1, pending: 1 })])).toBe(INDEX_POLL_MS);
    expect(INDEX_POLL_MS).toBe(2000);
  });
  it('stops when all are done or nothing is known', () => {
    expect(indexPollInterval([status({ total: 3, started_at: T0, finished_at: T1 })])).toBe(false);
    expect(indexPollInterval(undefined)).toBe(false);
  });
});
