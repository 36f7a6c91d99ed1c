import { PROGRESS_DURATION_MS, PROGRESS_HIDE_AFTER_MS, PROGRESS_THROTTLE_MS } from '@wenku/shared';

/** spec §4/§9 page-load progress: appears after 200 ms, grows over about 5 s, 100% at the end, hides 500 ms later. */
export interface ProgressState {
  visible: boolean;
  percent: number;
  failed: boolean;
}

export const HIDDEN: ProgressState = { visible: false, percent: 0, failed: false };

/** How far the bar is after `elapsed` ms of loading: linear over the duration, short of 100 until finished. */
export function progressPercent(elapsed: number, duration = PROGRESS_DURATION_MS): number {
  if (elapsed <= 0) return 0;
  return Math.min(99, (elapsed / duration) * 100);
}

const TICK_MS = 100;

/** The bar's state machine; timers are plain setTimeout/setInterval so tests can drive them with fake timers. */
export class PageProgress {
  private state: ProgressState = HIDDEN;
  private loading = false;
  private failed = false;
  private shownAt = 0;
  private throttle: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private hider: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onChange: (s: ProgressState) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get current(): ProgressState {
    return this.state;
  }

  private set(next: ProgressState) {
    this.state = next;
    this.onChange(next);
  }

  start() {
    if (this.loading) return;
    this.loading = true;
    clearTimeout(this.hider);
    if (this.state.visible) {
      // A new load right after the last one: keep the bar, restart its growth.
      this.show();
      return;
    }
    this.failed = false;
    this.throttle = setTimeout(() => this.show(), PROGRESS_THROTTLE_MS);
  }

  private show() {
    this.shownAt = this.now();
    this.set({ visible: true, percent: 0, failed: this.failed });
    clearInterval(this.ticker);
    this.ticker = setInterval(() => {
      this.set({ visible: true, percent: progressPercent(this.now() - this.shownAt), failed: this.failed });
    }, TICK_MS);
  }

  /** A request failed: the bar turns to its error colour (spec §4). */
  fail() {
    this.failed = true;
    if (this.state.visible) this.set({ ...this.state, failed: true });
  }

  finish() {
    if (!this.loading) return;
    this.loading = false;
    clearTimeout(this.throttle);
    clearInterval(this.ticker);
    if (!this.state.visible) return;
    this.set({ visible: true, percent: 100, failed: this.failed });
    this.hider = setTimeout(() => {
      this.failed = false;
      this.set(HIDDEN);
    }, PROGRESS_HIDE_AFTER_MS);
  }

  dispose() {
    clearTimeout(this.throttle);
    clearInterval(this.ticker);
    clearTimeout(this.hider);
  }
}
