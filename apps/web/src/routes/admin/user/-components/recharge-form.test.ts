import { describe, expect, it } from 'vitest';
import zh from '@/i18n/zh-CN/admin';
import { rechargeFormSchema } from './recharge-form';

const m = zh.recharge.errors;
const schema = rechargeFormSchema('alice', m);

const errorsOf = (input: { credit: string; remark: string; confirm_username: string }) => {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the recharge form', () => {
  it('accepts a whole amount, a remark and the retyped username', () => {
    const r = schema.parse({ credit: ' 500 ', remark: ' 活动奖励 ', confirm_username: 'alice' });
    expect(r).toEqual({ credit: 500, remark: '活动奖励', confirm_username: 'alice' });
    expect(schema.parse({ credit: '1', remark: 'x', confirm_username: ' alice ' }).credit).toBe(1);
    expect(schema.parse({ credit: '1000000', remark: 'x', confirm_username: 'alice' }).credit).toBe(1_000_000);
  });

  it('asks for every field with the spec texts', () => {
    expect(errorsOf({ credit: '', remark: ' ', confirm_username: '' })).toEqual({
      credit: '请输入充值数量',
      remark: '请输入充值备注',
      confirm_username: '请输入当前用户的用户名予以确认',
    });
  });

  it('keeps the amount between 1 and 1,000,000 whole credits', () => {
    for (const credit of ['0', '1000001', '-5', '2.5', '1e3', 'abc', '10万']) {
      expect(errorsOf({ credit, remark: 'x', confirm_username: 'alice' })).toEqual({
        credit: '每次充值，限 1 ~ 100w ，以免充值失误',
      });
    }
  });

  it('refuses another username, case included', () => {
    for (const confirm_username of ['bob', 'Alice', 'alic', 'alice2']) {
      expect(errorsOf({ credit: '10', remark: 'x', confirm_username })).toEqual({
        confirm_username: '您输入的用户名与当前要充值的用户不一致',
      });
    }
  });
});
