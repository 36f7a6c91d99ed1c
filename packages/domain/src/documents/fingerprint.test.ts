import { describe, expect, it } from 'vitest';
import { fingerprintDistance, NEAR_DUPLICATE_BITS, textFingerprint } from './fingerprint.ts';

const REPORT =
  '年度报告：本公司在过去一年中持续推进数字化转型，文库平台的注册用户增长了百分之三十，文档总量突破一百万份。' +
  'The library grew by thirty percent this year, and members uploaded over one million documents in many formats. ' +
  '我们将继续改进文档转换的质量，让每一个真实的文件都能被正确阅读和搜索。';
const OTHER =
  '会议纪要：讨论了下季度的市场推广计划，预算需要在月底前提交给财务部门审批，各部门负责人需准备汇报材料。' +
  'The committee discussed the marketing plan for next quarter and asked every team lead to prepare a short report.';

describe('text fingerprint', () => {
  it('is the same for the same text however it is spaced, cased or broken into lines', () => {
    const a = textFingerprint(REPORT);
    expect(a).not.toBeNull();
    expect(textFingerprint(REPORT.toUpperCase().replace(/。/g, '。\n  '))).toBe(a);
  });

  it('stays near for a re-saved copy with a page number and a changed word, far for another text', () => {
    const a = textFingerprint(REPORT) ?? '';
    const copy = textFingerprint(`${REPORT.replace('百分之三十', '百分之三十二')} 1`) ?? '';
    const other = textFingerprint(OTHER) ?? '';
    expect(fingerprintDistance(a, copy)).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    expect(fingerprintDistance(a, other)).toBeGreaterThan(NEAR_DUPLICATE_BITS * 2);
  });

  it('gives none for a text too short to compare', () => {
    expect(textFingerprint('封面')).toBeNull();
    expect(textFingerprint('')).toBeNull();
  });
});
