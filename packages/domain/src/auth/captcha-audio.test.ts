import { describe, expect, it } from 'vitest';
import { captchaLength } from './captcha.service.ts';
import { fixWavSizes } from './captcha-audio.ts';

/** A WAV as espeak-ng streams it: fmt chunk, then a data chunk whose sizes are unknown (0x7fffffff). */
function streamedWav(extraChunk = false): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(22050, 12);
  fmt.writeUInt32LE(44100, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = Buffer.alloc(extraChunk ? 13 : 0);
  if (extraChunk) {
    list.write('LIST', 0, 'ascii');
    list.writeUInt32LE(5, 4);
  }
  const pad = Buffer.alloc(extraChunk ? 1 : 0);
  const data = Buffer.alloc(8 + 100);
  data.write('data', 0, 'ascii');
  data.writeUInt32LE(0x7fffffff, 4);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(0x7fffffff, 4);
  head.write('WAVE', 8, 'ascii');
  return Buffer.concat([head, fmt, list, pad, data]);
}

describe('fixWavSizes', () => {
  it('writes the real RIFF and data sizes', () => {
    const wav = fixWavSizes(streamedWav());
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(100);
  });

  it('finds the data chunk after other chunks (odd sizes padded)', () => {
    const wav = fixWavSizes(streamedWav(true));
    const at = wav.indexOf('data', 12, 'ascii');
    expect(at).toBe(50);
    expect(wav.readUInt32LE(at + 4)).toBe(100);
  });

  it('refuses what is not a WAV', () => {
    expect(() => fixWavSizes(Buffer.from('not a wav stream at all, just some text here....'))).toThrow();
  });
});

describe('captchaLength', () => {
  it('is 6 when the setting is 0 or less (its hint says so), else kept to 3–8', () => {
    expect(captchaLength(0)).toBe(6);
    expect(captchaLength(-2)).toBe(6);
    expect(captchaLength(Number.NaN)).toBe(6);
    expect(captchaLength(1)).toBe(3);
    expect(captchaLength(5)).toBe(5);
    expect(captchaLength(20)).toBe(8);
  });
});
