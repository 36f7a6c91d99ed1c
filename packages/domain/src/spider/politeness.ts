import robotsParser from 'robots-parser';
import { FetchError, type FetchPolicy, safeFetch } from './fetcher.ts';

/** The crawler's product token in robots.txt groups (`User-agent: WenkuBot`). */
export const ROBOTS_AGENT = 'WenkuBot';

type Robots = ReturnType<typeof robotsParser>;
const ROBOTS_TTL_MS = 10 * 60_000;
const robotsCache = new Map<string, { at: number; robots: Robots | 'deny-all' | 'allow-all' }>();

/**
 * Whether robots.txt of the URL's origin lets WenkuBot fetch it (RFC 9309): a missing file (4xx) allows all, an
 * unreachable one (5xx) disallows all, an unreachable host is left to the page fetch to report. Cached for ten
 * minutes per origin and process.
 */
export async function robotsAllows(url: URL, policy: FetchPolicy): Promise<boolean> {
  const origin = url.origin;
  let entry = robotsCache.get(origin);
  if (!entry || Date.now() - entry.at > ROBOTS_TTL_MS) {
    const robotsUrl = `${origin}/robots.txt`;
    let robots: Robots | 'deny-all' | 'allow-all';
    try {
      const res = await safeFetch(robotsUrl, { ...policy, maxBytes: 512 * 1024, timeoutMs: 10_000 });
      robots = robotsParser(robotsUrl, await res.text());
    } catch (e) {
      if (e instanceof FetchError && e.kind === 'http') {
        robots = /HTTP 5\d\d/.test(e.message) ? 'deny-all' : 'allow-all';
      } else if (e instanceof FetchError && e.kind === 'blocked') {
        throw e;
      } else {
        robots = 'allow-all';
      }
    }
    entry = { at: Date.now(), robots };
    robotsCache.set(origin, entry);
  }
  if (entry.robots === 'allow-all') return true;
  if (entry.robots === 'deny-all') return false;
  return entry.robots.isAllowed(url.toString(), ROBOTS_AGENT) !== false;
}

/** Forgets cached robots.txt files (tests that change a fixture site). */
export const clearRobotsCache = () => robotsCache.clear();

/** Per-host politeness: at most `concurrency` requests at once and `intervalMs` between request starts. */
export interface HostLimits {
  intervalMs: number;
  concurrency: number;
}

interface HostState {
  active: number;
  nextStart: number;
  waiting: (() => void)[];
}
const hosts = new Map<string, HostState>();

/**
 * Runs `work` within the host's limits, shared by every crawl, download and check of this worker process (each
 * worker process keeps its own count; with several workers a host sees at most that many times the rate).
 */
export async function withHostLimit<T>(host: string, limits: HostLimits, work: () => Promise<T>): Promise<T> {
  const key = host.toLowerCase();
  let state = hosts.get(key);
  if (!state) {
    state = { active: 0, nextStart: 0, waiting: [] };
    hosts.set(key, state);
  }
  const s = state;
  while (s.active >= Math.max(1, limits.concurrency)) await new Promise<void>((r) => s.waiting.push(r));
  s.active++;
  try {
    const now = Date.now();
    const start = Math.max(now, s.nextStart);
    s.nextStart = start + Math.max(0, limits.intervalMs);
    if (start > now) await new Promise((r) => setTimeout(r, start - now));
    return await work();
  } finally {
    s.active--;
    s.waiting.shift()?.();
    if (s.active === 0 && s.waiting.length === 0 && s.nextStart < Date.now()) hosts.delete(key);
  }
}
