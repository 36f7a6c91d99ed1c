// Captcha benchmark (issue 7): latency and size of image captchas against spoken ones (espeak-ng), one at a time
// and with several in flight, on the embedded database. Prints figures; asserts nothing.
// Usage: npm run bench:captcha [-- --count 40] [-- --parallel 8]
import { MESSAGES } from '@wenku/shared';
import { startTestServer } from '../../apps/server/src/testing/harness.ts';

const args = process.argv.slice(2);
// 30 is the per-IP window of spoken captchas (10 minutes): a batch stays inside it.
const count = Number(args[args.indexOf('--count') + 1]) || 30;
const parallel = Number(args[args.indexOf('--parallel') + 1]) || 8;

const server = await startTestServer({ embedded: true });
const admin = await server.api.admin();
await admin.putConfig({
  'security.enable_captcha_login': 'true',
  'captcha.enable_audio': 'true',
  'captcha.length': '5',
});
// The per-IP window of spoken captchas would refuse most of a benchmark: start each batch with an empty one.
const clearWindow = () => server.sql(`delete from rate_limit where key like 'captcha_audio:%'`);

interface Sample {
  ms: number;
  bytes: number;
  status: number;
  message: string;
}

async function one(audio: boolean): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/user/captcha?type=login${audio ? '&audio=zh' : ''}`);
  const body = await res.text();
  const message = res.ok ? '' : ((JSON.parse(body) as { message?: string }).message ?? '');
  return { ms: performance.now() - started, bytes: body.length, status: res.status, message };
}

async function batch(audio: boolean, width: number): Promise<{ samples: Sample[]; wallMs: number }> {
  await clearWindow();
  const samples: Sample[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        next++;
        samples.push(await one(audio));
      }
    }),
  );
  return { samples, wallMs: performance.now() - started };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

function report(title: string, { samples, wallMs }: { samples: Sample[]; wallMs: number }) {
  const ok = samples.filter((s) => s.status === 200);
  const ms = ok.map((s) => s.ms);
  const kb = ok.map((s) => s.bytes / 1024);
  // 429 for a full speech queue, or for an IP past its window.
  const busy = samples.filter((s) => s.message === MESSAGES.captchaAudioBusy).length;
  const limited = samples.filter((s) => s.message === MESSAGES.captchaAudioTooFrequent).length;
  console.log(
    `${title.padEnd(34)} ok ${String(ok.length).padStart(3)}  busy ${String(busy).padStart(3)}  ` +
      `per-IP ${String(limited).padStart(3)}  ` +
      `p50 ${pct(ms, 50).toFixed(1).padStart(6)} ms  p95 ${pct(ms, 95).toFixed(1).padStart(6)} ms  ` +
      `size p50 ${pct(kb, 50).toFixed(0).padStart(4)} KB  ${((ok.length / wallMs) * 1000).toFixed(1)} /s`,
  );
}

try {
  await batch(false, 1);
  await batch(true, 1);
  console.log(`captcha benchmark: ${count} requests a batch, embedded database`);
  report('image, one at a time', await batch(false, 1));
  report('spoken, one at a time', await batch(true, 1));
  report(`image, ${parallel} in flight`, await batch(false, parallel));
  report(`spoken, ${parallel} in flight`, await batch(true, parallel));
  report(`spoken, ${parallel * 2} in flight (queue 2+8)`, await batch(true, parallel * 2));
} finally {
  await clearWindow();
  await server.close();
}
