import { describe, expect, it } from 'vitest';
import { CONFIG_DEFINITIONS, isSettingKey, type SettingKey, type SettingKeyOf } from './config-definitions.ts';

describe('setting keys typed from the definitions', () => {
  it('every definition is a key, and nothing else is', () => {
    for (const d of CONFIG_DEFINITIONS) expect(isSettingKey(`${d.category}.${d.name}`)).toBe(true);
    expect(isSettingKey('system.sitenam')).toBe(false);
  });

  it('a typo or a value of the wrong kind does not typecheck', () => {
    const keys: SettingKey[] = ['system.sitename', 'vip.year_price', 'oauthCustom.issuer', 'smsAliyun.template_login'];
    const numbers: SettingKeyOf<'number'>[] = ['vip.month_price'];
    // @ts-expect-error a typo in a setting key
    const typo: SettingKey = 'system.sitenam';
    // @ts-expect-error the site name is text, not a number
    const notNumber: SettingKeyOf<'number'> = 'system.sitename';
    // @ts-expect-error the custom provider has no endpoint row
    const noEndpoint: SettingKey = 'oauthCustom.endpoint';
    const github: SettingKey = 'oauthGithub.endpoint';
    expect([keys, numbers, typo, notNumber, noEndpoint, github].flat().length).toBe(9);
  });
});
