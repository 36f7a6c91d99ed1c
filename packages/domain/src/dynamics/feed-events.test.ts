import { describe, expect, it } from 'vitest';
import { type FeedEvent, renderFeedEvent, renderStoredEvent } from './feed-events.ts';

// Issue 20: feed lines are kept as events and read in the reader's language.
const doc = { target: 'document', ref: 'abc123', title: 'A <b>&</b> 文档' } as const;
const cases: [FeedEvent, string, string][] = [
  [
    { kind: 'register', award: 10, credit: '魔豆' },
    '成功注册成网站会员，获得 10 魔豆奖励',
    'Joined the site, earning 10 魔豆',
  ],
  [{ kind: 'register' }, '成功注册成网站会员', 'Joined the site'],
  [{ kind: 'sign_in', award: 2, credit: 'coins' }, '签到成功，获得 2 coins奖励', 'Checked in, earning 2 coins'],
  [
    { kind: 'upload', ...doc, award: 5, credit: '魔豆' },
    '上传了文档《<a href="/document/abc123">A &lt;b&gt;&amp;&lt;/b&gt; 文档</a>》，获得了 5 魔豆奖励',
    'Uploaded the document “<a href="/document/abc123">A &lt;b&gt;&amp;&lt;/b&gt; 文档</a>”, earning 5 魔豆',
  ],
  [
    { kind: 'download', ...doc },
    '下载了文档《<a href="/document/abc123">A &lt;b&gt;&amp;&lt;/b&gt; 文档</a>》',
    'Downloaded the document “<a href="/document/abc123">A &lt;b&gt;&amp;&lt;/b&gt; 文档</a>”',
  ],
  [
    { kind: 'favorite', target: 'article', ref: 'x y', title: 'T' },
    '您收藏了文章《<a href="/article/x%20y">T</a>》',
    'Added the article “<a href="/article/x%20y">T</a>” to favourites',
  ],
  [
    { kind: 'comment', ...doc, reply: true, title: 'T' },
    '在文档《<a href="/document/abc123">T</a>》中回复了评论',
    'Replied to a comment on the document “<a href="/document/abc123">T</a>”',
  ],
  [
    { kind: 'commented', ...doc, title: 'T', award: 0, credit: '魔豆' },
    '您上传的文档《<a href="/document/abc123">T</a>》被评论了',
    'Your document “<a href="/document/abc123">T</a>” received a comment',
  ],
  [
    { kind: 'favorited', ...doc, title: 'T', award: 2, credit: '魔豆' },
    '您分享的文档《<a href="/document/abc123">T</a>》被收藏，获得 2 魔豆奖励',
    'Your document “<a href="/document/abc123">T</a>” was added to someone\'s favourites, earning 2 魔豆',
  ],
  [
    { kind: 'delete_document', title: 'T<', penalty: 3, credit: '魔豆' },
    '删除了文档《T&lt;》，扣除了 3 魔豆',
    'Deleted the document “T&lt;”; 3 魔豆 deducted',
  ],
];

describe('feed events', () => {
  it.each(cases)('%j reads in Chinese and in English', (event, zh, en) => {
    expect(renderFeedEvent(event, 'zh-CN')).toBe(zh);
    expect(renderFeedEvent(event, 'en')).toBe(en);
  });

  it('a stored line without a known event is left to its stored text', () => {
    expect(renderStoredEvent(null, 'en')).toBeNull();
    expect(renderStoredEvent({ kind: 'unknown' }, 'en')).toBeNull();
    expect(renderStoredEvent({ kind: 'download', ...doc }, 'en')).toMatch(/^Downloaded/);
  });
});
