/**
 * Advertisements run confined (ARCHITECTURE.md rule 17, issue 15 item 3): each ad is its own document, served from
 * `/ad-frame/{id}` and framed with these sandbox flags, never `allow-same-origin` (so its origin is opaque and it
 * reaches neither the site's storage, cookies nor DOM) nor top navigation. Its links open new tabs as normal pages.
 */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms';

export const adFramePath = (id: number) => `/ad-frame/${id}`;

/** What an ad frame posts to its parent: the height of its content, so the slot is exactly as tall as the ad. */
export const AD_HEIGHT_MESSAGE = 'wenku-ad-height';

/**
 * What the page posts to an ad frame to hear its height again: a frame the server painted with the page may have
 * reported it before the page's app was there to listen.
 */
export const AD_HEIGHT_REQUEST = 'wenku-ad-height?';

/** Taller than any ad slot: an ad claiming more is cut there rather than pushing the page away. */
export const AD_FRAME_MAX_HEIGHT = 2000;

/** The height an ad frame's message asks for, or null when the message is not one (whatever else a frame posts). */
export function adFrameHeight(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== AD_HEIGHT_MESSAGE || typeof height !== 'number' || !Number.isFinite(height)) return null;
  return Math.min(AD_FRAME_MAX_HEIGHT, Math.max(0, Math.ceil(height)));
}
