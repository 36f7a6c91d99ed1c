import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from './index';
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

  it('gives Trans what it needs without react-i18next’s provider: elements inside a text, values filled in', async () => {
    render(<Tip />);
    expect(screen.getByTestId('tip').innerHTML).toBe('所有用户每个IP每天可以下载 <em>3</em> 篇文档');
    await act(() => loadLanguage('en'));
    expect(screen.getByTestId('tip').innerHTML).toBe('Each IP address may download <em>3</em> documents a day');
  });
});
