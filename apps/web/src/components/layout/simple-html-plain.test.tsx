import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SimpleHtml } from './simple-html';

const sanitizer = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('@/lib/html-sanitizer', () => {
  sanitizer.loaded++;
  return { sanitizeSettingsHtml: (html: string) => html, sanitizeArticleHtml: (html: string) => html };
});

describe('SimpleHtml with plain text', () => {
  it('shows the text without loading the sanitizer (issue 17), and loads it for markup', async () => {
    const { container } = render(<SimpleHtml as="p" html="本站文档由用户上传，仅供学习交流。" />);
    await vi.dynamicImportSettled();
    expect(container.innerHTML).toBe('<p>本站文档由用户上传，仅供学习交流。</p>');
    expect(sanitizer.loaded).toBe(0);
    render(<SimpleHtml html="<b>粗</b> &amp; 细" />);
    await vi.dynamicImportSettled();
    expect(sanitizer.loaded).toBe(1);
  });
});
