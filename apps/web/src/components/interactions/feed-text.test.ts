import { describe, expect, it } from 'vitest';
import { parseFeedHtml } from './feed-text';

describe('activity feed lines', () => {
  it('keeps links to this site and decodes escaped text', () => {
    expect(parseFeedHtml('上传了文档《<a href="/document/abc">A &amp; B &lt;1&gt;</a>》，获得了 5 魔豆奖励')).toEqual([
      { text: '上传了文档《' },
      { text: 'A & B <1>', href: '/document/abc' },
      { text: '》，获得了 5 魔豆奖励' },
    ]);
  });

  it('never turns other markup or foreign links into anything but text', () => {
    expect(parseFeedHtml('<a href="https://evil.example">x</a><a href="//evil">y</a><img src=x onerror=1>z')).toEqual([
      { text: 'x' },
      { text: 'y' },
      { text: 'z' },
    ]);
  });
});
