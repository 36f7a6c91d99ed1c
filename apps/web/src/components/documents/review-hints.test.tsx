import { render, screen } from '@testing-library/react';
import type { DocumentDTO } from '@wenku/shared';
import { describe, expect, it } from 'vitest';
import '@/i18n';
import { ReviewHints } from './review-hints';

const doc = (extra: Partial<DocumentDTO>) =>
  ({ id: 9, uuid: 'abcdef0123456789', title: '副本', ...extra }) as DocumentDTO;

describe('ReviewHints', () => {
  it('links the likely duplicate with its similarity', () => {
    render(
      <ReviewHints doc={doc({ duplicate_of: { id: 3, uuid: '0123456789abcdef', title: '原文', similarity: 97 } })} />,
    );
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/document/0123456789abcdef');
    expect(link.textContent).toContain('原文');
    expect(screen.getByTestId('duplicate-hint').textContent).toContain('97%');
  });

  it('shows OCR progress while it runs, and nothing for a plain document', () => {
    const { container, rerender } = render(<ReviewHints doc={doc({ ocr_status: 1, ocr_pages: 10, ocr_done: 3 })} />);
    expect(screen.getByTestId('ocr-progress').textContent).toMatch(/3\/10/);
    rerender(<ReviewHints doc={doc({ ocr_status: 2, duplicate_of: null })} />);
    expect(container.textContent).toBe('');
  });
});
