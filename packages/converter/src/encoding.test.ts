import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from './encoding.ts';

// Text as members' files hold it: each sample is encoded the way the program that saved it would.
const SAMPLES: [string, string, string][] = [
  [
    'windows-1252',
    'windows-1252',
    '“Windows” quotes – the café’s menu: crème brûlée, a naïve façade in Zürich.\nA second line of ordinary words.\n',
  ],
  ['latin-1', 'latin1', 'Le café est fermé. Où est la bibliothèque? Ça va très bien. Über Größe und Straße.\n'],
  ['cp866', 'cp866', 'Привет, мир! Это русский текст в кодировке CP866 для проверки. Библиотека документов.\n'],
  ['windows-1251', 'win1251', 'Привет, мир! Это русский текст в кодировке Windows-1251. Библиотека документов.\n'],
  ['gbk', 'gbk', '中华人民共和国成立于一九四九年。文库测试，这是一段中文文本。\n'],
  ['big5', 'big5', '中華民國的文庫測試，這是一段繁體中文文本。圖書館文件。\n'],
  ['shift_jis', 'shift_jis', 'これは日本語のテキストです。文書ライブラリのテスト。\n'],
];

describe('decodeText', () => {
  it.each(SAMPLES)('reads %s text as written', (_name, encoding, text) => {
    expect(decodeText(iconv.encode(text, encoding))).toBe(text);
  });

  it('reads UTF-8 with and without a byte-order mark, UTF-16 both ways by their mark', () => {
    const text = 'Wenku 文库 — ünïcödé';
    expect(decodeText(Buffer.from(text))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).toBe(text);
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]))).toBe(text);
  });

  it('names the encoding it detects', () => {
    expect(detectEncoding(Buffer.from('plain ascii'))).toBe('utf-8');
    expect(detectEncoding(iconv.encode(SAMPLES[2]?.[2] ?? '', 'cp866'))).toBe('ibm866');
  });
});

describe('codecs load on first use', () => {
  it('decoding UTF-8 loads neither iconv-lite nor the detector (a conversion child starts without them)', async () => {
    const { execFile } = await import('node:child_process');
    const { createRequire } = await import('node:module');
    const { pathToFileURL } = await import('node:url');
    const script = `
      const { decodeText } = await import(${JSON.stringify(new URL('./encoding.ts', import.meta.url).href)});
      const { createRequire } = await import('node:module');
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).filter((k) => /iconv-lite|jschardet/.test(k)).length;
      const utf8 = decodeText(Buffer.from('文库 UTF-8 text'));
      const before = loaded();
      const gbk = decodeText(Buffer.from([0xce, 0xc4, 0xbf, 0xe2, 0xce, 0xc4, 0xbf, 0xe2, 0xce, 0xc4, 0xbf, 0xe2]));
      console.log(JSON.stringify({ utf8, before, after: loaded(), gbk }));`;
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], (e, stdout) =>
        e ? reject(e) : resolve(stdout),
      ),
    );
    expect(JSON.parse(out)).toEqual({
      utf8: '文库 UTF-8 text',
      before: 0,
      after: expect.any(Number),
      gbk: '文库文库文库',
    });
    expect(JSON.parse(out).after).toBeGreaterThan(0);
  }, 60_000);
});
