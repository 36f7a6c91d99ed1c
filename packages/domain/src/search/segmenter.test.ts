import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { topTerms } from './related.service.ts';
import { jieba } from './segmenter.ts';

describe('the segmenter and the keyword extractor', () => {
  it('work without keeping jieba’s dictionary files in memory (issue 17: 11 MB of buffers held by dict.js)', () => {
    expect(jieba().cut('中文分词测试', false)).toContain('分词');
    expect(topTerms('文档管理系统 文档 系统 文库 在线文档分享', 3).length).toBeGreaterThan(0);
    const require = createRequire(import.meta.url);
    expect(require.cache[require.resolve('@node-rs/jieba/dict.js')]).toBeUndefined();
  }, 30_000);
});
