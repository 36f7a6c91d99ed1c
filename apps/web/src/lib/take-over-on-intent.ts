/*
 * Part of the entry chunk: it imports nothing the app's chunks share (a shared module would make the entry load the
 * shell's chunk), so the names it reads are written here and compared with the app's by take-over-on-intent.test.tsx.
 */

/**
 * A phone visitor's painted page waits for the visitor before the app takes it over (issue 17, round 14).
 *
 * The server paints a public page whole for an anonymous zh-CN reader: text, page images, lists, links that are
 * links, the search a form. A visitor who arrives from a search engine on a phone, reads and leaves needs none of the
 * app's script (~170 KB gzip: React DOM, the router, the query cache and the page's parts); it is fetched, evaluated
 * and takes the page over when the visitor starts using it: a touch, a key, a scroll, focus, the mouse. A tap on a
 * button before the app is there is held (with a progress mark) and given to the app's button once it has taken the
 * page over; text typed meanwhile reaches the app's state; a form sent meanwhile is sent by the app; a link is
 * followed by the browser (the next page is painted by the server as well).
 *
 * Taken over at once, as before: a signed-in member (their header and data), a reader who chose English (the page is
 * rendered again in it), a wide screen (the server paints the phone's header row; the desktop's is the app's), a
 * page with a message to show (sign-out's 退出成功), and a page the server did not paint with the app.
 */

/** The storage keys of the session (lib/session.ts), the chosen language (i18n) and a message to show (use-flash). */
export const ENTRY_KEYS = { session: 'wenku', language: 'wenku-lang', flash: 'wenku-flash' } as const;
/** The JSON block of the server's data (lib/ssr-state.ts) and the desktop's width (BREAKPOINT_MOBILE). */
export const ENTRY_PAINTED_ID = 'wenku-state';
export const ENTRY_DESKTOP_WIDTH = 768;

/** What tells of a visitor starting to use the page. */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove', 'wheel', 'scroll'] as const;

/** Elements whose click the app handles (a link with a real address is the browser's to follow). */
const CONTROL =
  'button, summary, label, select, input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], a[href]';

/** Whether this page, painted by the server, may wait for the visitor before the app takes it over. */
export function waitsForVisitor(root: HTMLElement): boolean {
  if (!root.firstElementChild || !document.getElementById(ENTRY_PAINTED_ID)) return false;
  try {
    if (window.matchMedia(`(min-width: ${ENTRY_DESKTOP_WIDTH}px)`).matches) return false;
    if (localStorage.getItem(ENTRY_KEYS.language) === 'en') return false;
    if (sessionStorage.getItem(ENTRY_KEYS.flash)) return false;
    const stored = localStorage.getItem(ENTRY_KEYS.session);
    if (stored && (JSON.parse(stored) as { token?: unknown }).token) return false;
  } catch {
    return false;
  }
  return true;
}

/**
 * A reading page's one view per visit, which the app counts when it takes the page over (document.get with
 * `with_author`, routes/_site/document/$id.tsx): counted here for a page waiting for its visitor, who may read it and
 * leave without using it, and marked so that the app, if it comes, does not count it again.
 */
export function countViewWhileWaiting(root: HTMLElement): void {
  const id = root.querySelector<HTMLElement>('[data-view-document]')?.dataset.viewDocument ?? '';
  if (!/^\d{1,15}$/.test(id)) return;
  document.documentElement.dataset.viewCounted = id;
  const input = encodeURIComponent(JSON.stringify({ id: Number(id), with_author: true }));
  fetch(`/api/trpc/document.get?input=${input}`, { priority: 'low' }).catch(() => {
    // Offline: the visit goes uncounted, as the app's own count would.
  });
}

/** A link the browser follows by itself: an address or a place on the page, not an empty fragment or a script. */
function followedByBrowser(el: Element): boolean {
  if (!(el instanceof HTMLAnchorElement)) return false;
  const href = (el.getAttribute('href') ?? '').trim();
  return href !== '' && href !== '#' && !/^javascript:/i.test(href);
}

/** Whether React has taken the field over: it watches the value through a property of the element's own. */
const takenOver = (field: HTMLElement) => Object.hasOwn(field, 'value');

/**
 * Gives the app a value typed before it took the field over. React compares a field's value with the one it last
 * saw (set through the element's own `value` property, which it adds when it takes the field over) and calls the
 * app's onChange only for a difference: the field is set to what the app rendered through that property, then to
 * what was typed through the prototype's setter, which React does not see, and an input event follows.
 */
async function replayValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  // A list is read by React from the element itself on its change event (taken over first if need be).
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // A part of the page not taken over yet: an event inside makes React take it over at once (its code is there), an
  // event with the value unchanged to React. A part that waits for its code is tried again a moment later.
  for (let i = 0; i < 50 && field.isConnected && !takenOver(field); i++) {
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (!takenOver(field)) await new Promise((r) => setTimeout(r, 100));
  }
  const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  const typed = field.value;
  if (!field.isConnected || !native || typed === field.defaultValue) return;
  // Setting the value moves the caret to the end: where the visitor is typing, it is put back.
  const start = document.activeElement === field ? field.selectionStart : null;
  const end = document.activeElement === field ? field.selectionEnd : null;
  field.value = field.defaultValue;
  native.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (start !== null && end !== null) {
    try {
      field.setSelectionRange(start, end);
    } catch {
      // a field without a caret (number, email)
    }
  }
}

/**
 * Waits for the visitor's first use of the page, then calls `takeOver` (which loads and starts the app; a rejection
 * lets the next use try again). Until the app marks the page as its own (`<html data-ready>`), taps on controls and
 * forms sent are held and handed to the app, and typed text is given to it.
 */
export function takeOverOnIntent(takeOver: () => Promise<void>): void {
  const html = document.documentElement;
  let started = false;
  let held: { el: HTMLElement; submitter?: HTMLElement | null; form?: HTMLFormElement } | null = null;
  const typed = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  html.dataset.waiting = '';

  const begin = () => {
    if (started) return;
    started = true;
    for (const e of INTENT) window.removeEventListener(e, begin, true);
    takeOver().catch(() => {
      // The app's code could not be fetched: the page stays the server's; the next use tries again.
      started = false;
      held = null;
      delete html.dataset.taking;
      for (const e of INTENT) window.addEventListener(e, begin, { capture: true, passive: true });
    });
  };
  const hold = (e: Event, next: NonNullable<typeof held>) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    held = next;
    html.dataset.taking = '';
    begin();
  };
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.defaultPrevented || !(e.target instanceof Element)) return;
    const control = e.target.closest<HTMLElement>(CONTROL);
    if (!control || followedByBrowser(control)) return;
    // A text field or a list gets focus and its value from the browser; a label of one does too.
    if (control instanceof HTMLSelectElement) return;
    if (control instanceof HTMLLabelElement && !control.control?.matches('input[type="checkbox"], input[type="radio"]'))
      return;
    if ((control as HTMLButtonElement).disabled) return;
    hold(e, { el: control });
  };
  const onSubmit = (e: SubmitEvent) => {
    if (!(e.target instanceof HTMLFormElement)) return;
    hold(e, { el: e.target, form: e.target, submitter: e.submitter });
  };
  const onInput = (e: Event) => {
    const t = e.target;
    // A box or a choice is not typed into: a tap on it is held and handed over as a tap.
    if (t instanceof HTMLInputElement && (t.type === 'checkbox' || t.type === 'radio')) return;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement)
      typed.add(t);
  };

  const ready = new MutationObserver(() => {
    if (html.dataset.ready === undefined) return;
    ready.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('change', onInput, true);
    delete html.dataset.waiting;
    delete html.dataset.taking;
    const what = held;
    held = null;
    void (async () => {
      for (const field of typed) if (field.isConnected) await replayValue(field);
      // In a task of its own: React renders the typed values first (its updates from an event land in a microtask),
      // so the app's handler of the tap or the form reads them.
      await new Promise((r) => setTimeout(r, 0));
      if (!what?.el.isConnected) return;
      if (what.form) {
        const submitter =
          what.submitter?.isConnected && what.submitter.closest('form') === what.form ? what.submitter : null;
        if (submitter) what.form.requestSubmit(submitter);
        else what.form.requestSubmit();
      } else what.el.click();
    })();
  });
  ready.observe(html, { attributes: true, attributeFilter: ['data-ready'] });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  for (const e of INTENT) window.addEventListener(e, begin, { capture: true, passive: true });
}
