import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { DomainError } from '@wenku/shared';

/** Languages the spoken captcha reads its digits in, with espeak-ng's voice for each. */
export const CAPTCHA_AUDIO_VOICES = { zh: 'cmn', en: 'en-us' } as const;
export type CaptchaAudioLanguage = keyof typeof CAPTCHA_AUDIO_VOICES;

// Each speech takes one short process; a flood of requests waits here instead of forking without bound.
const MAX_RUNNING = 2;
const MAX_WAITING = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new DomainError('RATE_LIMITED', 'captcha.audio_busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * espeak-ng writes a WAV to stdout with placeholder sizes (it cannot seek back); set the RIFF and data sizes so
 * every player knows the length.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV stream');
  }
  wav.writeUInt32LE(wav.length - 8, 4);
  // The data chunk follows the fmt chunk; find it rather than assume offset 36.
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - at - 8, at + 4);
      return wav;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV stream without a data chunk');
}

/**
 * Speaks digits with espeak-ng (Debian `espeak-ng`) in a randomly varied voice, so recordings of one challenge do
 * not match another byte for byte. Runs the process asynchronously: nothing blocks the event loop, which may host
 * the embedded database. Throws FEATURE_DISABLED when espeak-ng is missing or fails, RATE_LIMITED when busy.
 */
export async function speakDigits(digits: string, language: CaptchaAudioLanguage): Promise<Buffer> {
  if (!/^[0-9]{1,12}$/.test(digits)) throw new Error('only digits are spoken');
  const text = [...digits].join(language === 'zh' ? '，' : ', ');
  const args = [
    '-v',
    CAPTCHA_AUDIO_VOICES[language],
    '-s',
    String(randomInt(125, 160)),
    '-p',
    String(randomInt(30, 70)),
    '-g',
    String(randomInt(10, 20)),
    '--stdout',
    text,
  ];
  return slot(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        execFile(
          'espeak-ng',
          args,
          { encoding: 'buffer', timeout: 10_000, maxBuffer: 4 * 1024 * 1024 },
          (err, stdout) => {
            if (err) {
              reject(new DomainError('FEATURE_DISABLED', 'captcha.audio_unavailable'));
              return;
            }
            try {
              resolve(fixWavSizes(stdout));
            } catch {
              reject(new DomainError('FEATURE_DISABLED', 'captcha.audio_unavailable'));
            }
          },
        );
      }),
  );
}
