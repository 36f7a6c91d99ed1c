import { describe, expect, it } from 'vitest';
import {
  canPublish,
  canQueueDownload,
  publishBlocker,
  replaceInTitle,
  settableStatuses,
  stripExtension,
  titleFrom,
} from './title-tools';

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
    const downloaded = { status: 3, title: '报告', attachment_id: 7, duplicate_document_id: 0 };
    expect(canPublish(downloaded)).toBe(true);
    expect(canPublish({ ...downloaded, title: '  ' })).toBe(false);
    expect(canPublish({ ...downloaded, status: 4 })).toBe(false);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(canQueueDownload)).toEqual([0, 3, 4, 8]);
  });

  it('publishes downloaded documents and retries failed ones, but never a file the library already holds', () => {
    const downloaded = { status: 3, title: '报告', attachment_id: 7, duplicate_document_id: 0 };
    expect(publishBlocker(downloaded)).toBeNull();
    // 发布失败 (8) is taken again when the file is there and no library document holds it.
    expect(canPublish({ ...downloaded, status: 8 })).toBe(true);
    expect(publishBlocker({ ...downloaded, status: 8, attachment_id: 0 })).toBe('file');
    // A duplicate always fails in the publish job, so it does not qualify.
    expect(canPublish({ ...downloaded, duplicate_document_id: 12 })).toBe(false);
    expect(publishBlocker({ ...downloaded, duplicate_document_id: 12 })).toBe('duplicate');
    expect(publishBlocker({ ...downloaded, status: 8, duplicate_document_id: 12 })).toBe('duplicate');
    expect(publishBlocker({ ...downloaded, title: '' })).toBe('title');
    for (const status of [0, 1, 2, 4, 5, 6, 7])
      expect(publishBlocker({ ...downloaded, status }), `${status}`).toBe('status');
  });

  it('offers in batch edit only the statuses an operator may set', () => {
    const row = { status: 3, title: '报告', attachment_id: 7, duplicate_document_id: 0, user_id: 0, category_id: '' };
    const target = { user_id: 2, category_id: '[1,4]' };
    // Rows a job holds keep their status.
    for (const status of [1, 2, 6]) expect(settableStatuses({ ...row, status }), `${status}`).toEqual([]);
    // Downloaded without a member and category: publishing goes through the drawer.
    expect(settableStatuses(row)).toEqual([0, 1, 3]);
    expect(settableStatuses({ ...row, ...target })).toEqual([0, 1, 3, 5]);
    // A failed publish keeps its target and can be queued again, its title fixed in the same edit.
    expect(settableStatuses({ ...row, ...target, status: 8, title: '' })).toEqual([0, 1, 5, 8]);
    expect(settableStatuses({ ...row, ...target, status: 8, duplicate_document_id: 3 })).toEqual([0, 1, 8]);
    expect(settableStatuses({ ...row, status: 0, attachment_id: 0 })).toEqual([0, 1]);
    expect(settableStatuses({ ...row, status: 4, attachment_id: 0 })).toEqual([0, 1, 4]);
    expect(settableStatuses({ ...row, ...target, status: 5 })).toEqual([0, 1, 5]);
    // A published document is not downloaded again.
    expect(settableStatuses({ ...row, ...target, status: 7 })).toEqual([0, 7]);
  });
});
