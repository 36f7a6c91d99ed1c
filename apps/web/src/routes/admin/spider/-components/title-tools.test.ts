import { describe, expect, it } from 'vitest';
import { canPublish, canQueueDownload, replaceInTitle, stripExtension, titleFrom } from './title-tools';

const doc = {
  url: 'https://example.com/files/%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A.pdf',
  title_from_href: ' 年度报告（下载） ',
  title_from_url: '年度报告',
  title_from_attachment: 'annual-report.final.docx',
};

describe('title quick tools', () => {
  it('copies a field into the title, extension stripped', () => {
    expect(titleFrom(doc, 'title_from_href')).toBe('年度报告（下载）');
    expect(titleFrom(doc, 'title_from_url')).toBe('年度报告');
    expect(titleFrom(doc, 'title_from_attachment')).toBe('annual-report.final');
    expect(titleFrom(doc, 'url')).toBe('https://example.com/files/年度报告');
    expect(titleFrom(doc, 'empty')).toBe('');
  });

  it('strips only document extensions', () => {
    expect(stripExtension('a.PDF')).toBe('a');
    expect(stripExtension('v1.2')).toBe('v1.2');
    expect(stripExtension('readme')).toBe('readme');
  });

  it('replaces by regular expression, globally, and rejects invalid expressions', () => {
    expect(replaceInTitle('第1章 第2章', '\\d', 'N')).toBe('第N章 第N章');
    expect(replaceInTitle('【推荐】报告【推荐】', '【推荐】', '')).toBe('报告');
    expect(replaceInTitle('a(b', '(', 'x')).toBeNull();
    expect(replaceInTitle('same', '', 'x')).toBe('same');
  });

  it('knows which documents may be published or queued for download', () => {
    expect(canPublish({ status: 3, title: '报告' })).toBe(true);
    expect(canPublish({ status: 3, title: '  ' })).toBe(false);
    expect(canPublish({ status: 4, title: '报告' })).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(canQueueDownload)).toEqual([0, 3, 4, 8]);
  });
});
