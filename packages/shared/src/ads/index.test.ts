import { describe, expect, it } from 'vitest';
import { AD_FRAME_MAX_HEIGHT, AD_FRAME_SANDBOX, AD_HEIGHT_MESSAGE, adFrameHeight } from './index.ts';

describe('advertisement frames (issue 15 item 3)', () => {
  it('never share the site origin nor navigate the page', () => {
    const flags = AD_FRAME_SANDBOX.split(' ');
    expect(flags).toContain('allow-scripts');
    expect(flags).not.toContain('allow-same-origin');
    expect(flags.filter((f) => f.startsWith('allow-top-navigation'))).toEqual([]);
  });

  it('take the height their content reports, within bounds', () => {
    expect(adFrameHeight({ type: AD_HEIGHT_MESSAGE, height: 90.2 })).toBe(91);
    expect(adFrameHeight({ type: AD_HEIGHT_MESSAGE, height: -5 })).toBe(0);
    expect(adFrameHeight({ type: AD_HEIGHT_MESSAGE, height: 1e9 })).toBe(AD_FRAME_MAX_HEIGHT);
  });

  it('ignore any other message', () => {
    for (const data of [null, 'wenku-ad-height', { type: 'other', height: 5 }, { type: AD_HEIGHT_MESSAGE }]) {
      expect(adFrameHeight(data)).toBeNull();
    }
    expect(adFrameHeight({ type: AD_HEIGHT_MESSAGE, height: Number.NaN })).toBeNull();
  });
});
