import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from './index';
import { useTranslation } from './react';
import { Trans } from './trans';

function Label() {
  const { t, i18n } = useTranslation();
  return (
    <p data-testid="label">
      {t('documents.quick.tipBought')}|{i18n.language}
    </p>
  );
}

function Tip() {
  return (
    <p data-testid="tip">
      <Trans i18nKey="documents.quick.tipIp" values={{ count: 3 }} components={{ em: <em /> }} />
    </p>
  );
}

afterEach(async () => {
  await act(() => loadLanguage('zh-CN'));
});

describe('useTranslation (i18n/react)', () => {
  it('renders the current language and renders again when the visitor switches', async () => {
    render(<Label />);
    const zh = screen.getByTestId('label').textContent;
    expect(zh).toMatch(/\|zh-CN$/);
    await act(() => loadLanguage('en'));
    const en = screen.getByTestId('label').textContent;
    expect(en).toMatch(/\|en$/);
    expect(en).not.toBe(zh);
  });

  it('puts elements inside a text and fills the values in', async () => {
    render(<Tip />);
    expect(screen.getByTestId('tip').innerHTML).toBe('所有用户每个IP每天可以下载 <em>3</em> 篇文档');
    await act(() => loadLanguage('en'));
    expect(screen.getByTestId('tip').innerHTML).toBe('Each IP address may download <em>3</em> documents a day');
  });

  it('puts values in as text: a value holding markup wraps nothing, and an unknown tag shows as written', () => {
    i18n.add('zh-CN', { test: { tip: '下载 <em>{{price}}</em> {{name}}，<b>粗</b>' } });
    render(
      <p data-testid="marked">
        <Trans i18nKey="test.tip" values={{ price: 5, name: '<em>积分</em>' }} components={{ em: <em /> }} />
      </p>,
    );
    const tip = screen.getByTestId('marked');
    expect(tip.querySelectorAll('em')).toHaveLength(1);
    expect(tip.textContent).toBe('下载 5 <em>积分</em>，<b>粗</b>');
  });
});

describe('texts (i18n)', () => {
  it('shows a text English lacks in zh-CN, and a key neither has as the key', async () => {
    i18n.add('zh-CN', { test: { onlyZh: '仅中文 {{n}}' } });
    await act(() => loadLanguage('en'));
    expect(i18n.t('test.onlyZh', { n: 2 })).toBe('仅中文 2');
    expect(i18n.t('auth.login.title')).not.toBe(i18n.fixedT('zh-CN')('auth.login.title'));
    expect(i18n.t('test.nowhere')).toBe('test.nowhere');
    expect(i18n.exists('test.nowhere')).toBe(false);
    // A group is not a text.
    expect(i18n.t('auth.login')).toBe('auth.login');
    // Nor what every object has.
    expect(i18n.t('constructor.name')).toBe('constructor.name');
    expect(i18n.exists('__proto__.constructor')).toBe(false);
    expect(i18n.t('__proto__.__proto__.x')).toBe('__proto__.__proto__.x');
  });

  it('merges added texts group by group without touching what a module wrote', () => {
    i18n.add('zh-CN', { auth: { extra: { one: '一' } } });
    expect(i18n.t('auth.extra.one')).toBe('一');
    expect(i18n.exists('auth.login.title')).toBe(true);
  });
});
