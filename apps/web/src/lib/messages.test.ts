import {
  createBannerInput,
  createFriendlinkInput,
  createLanguageInput,
  createNavigationInput,
  LINK_MESSAGES,
  MESSAGES,
  registerInput,
  USER_MESSAGES,
  updateConfigInput,
} from '@wenku/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '@/i18n';
import { errorMessage } from './api-error';
import { localizeMessage } from './messages';

const CJK = /[\u4e00-\u9fff]/;

/** Every Chinese string literal of the shared zod schemas: their validation messages. */
function schemaMessages(): string[] {
  const sources = import.meta.glob<string>(['../../../../packages/shared/src/schemas/*.ts', '!**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  return Object.values(sources)
    .flatMap((source) => [...source.matchAll(/'([^'\n]*[\u4e00-\u9fff][^'\n]*)'/g)])
    .map((m) => m[1] ?? '');
}

describe('server and schema messages in English', () => {
  beforeAll(() => loadLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('translates every fixed server message', () => {
    const fixed = Object.values(MESSAGES).filter((m) => typeof m === 'string');
    expect(fixed.filter((m) => CJK.test(localizeMessage(m)))).toEqual([]);
    expect(localizeMessage(MESSAGES.badCredentials)).toBe('Incorrect username or password');
  });

  it('translates messages built around a value by their pattern', () => {
    expect(localizeMessage(MESSAGES.tooManyLogins(42))).toBe(
      'Too many sign-in attempts, please try again in 42 seconds',
    );
    // The refused permission is named by its catalogue title, which has an English title too.
    expect(localizeMessage(MESSAGES.forbidden('删除轮播图'))).toBe('You do not have the permission “Delete banners”');
    expect(localizeMessage('分类【旧书】下存在文档或文章，不能删除')).toBe(
      'The category “旧书” holds documents or articles and cannot be deleted',
    );
    expect(localizeMessage('【评论时间间隔】必须是整数', () => 'Comment interval')).toBe(
      '“Comment interval” must be a whole number',
    );
    expect(localizeMessage(`【关于我们】${LINK_MESSAGES.unsafe}`, () => 'About us')).toBe(
      '“About us”: The link must be an http:// or https:// address, or a path on this site starting with /',
    );
    expect(localizeMessage('title: 请输入名称')).toBe('title: Please enter a name');
  });

  it('translates the messages of the shared schemas', () => {
    const failures = [
      createBannerInput.safeParse({ path: '', url: 'ftp://x' }),
      createFriendlinkInput.safeParse({ title: ' ', link: 'x' }),
      createLanguageInput.safeParse({ language: '', code: '!' }),
      createNavigationInput.safeParse({ title: '', href: 'javascript:x', color: 'not a colour!' }),
      registerInput.safeParse({ username: 'ab', password: '1', email: 'x' }),
      updateConfigInput.safeParse({ config: [] }),
    ];
    const messages = failures.flatMap((r) => r.error?.issues.map((i) => i.message) ?? []);
    expect(messages.filter((m) => CJK.test(m)).length).toBeGreaterThan(8);
    expect(messages.filter((m) => CJK.test(localizeMessage(m)))).toEqual([]);
    expect(Object.values(USER_MESSAGES).filter((m) => CJK.test(localizeMessage(m)))).toEqual([]);
    expect(Object.values(LINK_MESSAGES).filter((m) => CJK.test(localizeMessage(m)))).toEqual([]);
  });

  it('knows every message written in the shared schemas', () => {
    const messages = schemaMessages();
    expect(messages.length).toBeGreaterThan(30);
    expect(messages.filter((m) => CJK.test(localizeMessage(m)))).toEqual([]);
  });

  it('localizes what errorMessage shows', () => {
    expect(errorMessage(new Error(MESSAGES.siteClosed))).toBe('The site is closed');
  });

  it('leaves unknown messages and zh-CN readers alone', async () => {
    expect(localizeMessage('某个新的提示')).toBe('某个新的提示');
    await i18n.changeLanguage('zh-CN');
    expect(localizeMessage(MESSAGES.badCredentials)).toBe(MESSAGES.badCredentials);
    expect(errorMessage(new Error(MESSAGES.siteClosed))).toBe(MESSAGES.siteClosed);
    await i18n.changeLanguage('en');
  });
});
