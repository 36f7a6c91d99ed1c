import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommentForm } from './comment-form';

// The page's settings: no comment captcha.
vi.mock('@/hooks/use-site-settings', () => ({ useSiteSettings: () => undefined }));
// The working form shows what the stand-in handed it.
vi.mock('./comment-form-live', () => ({
  CommentFormLive: ({ handoff }: { handoff?: unknown }) => (
    <output data-testid="live">{JSON.stringify(handoff)}</output>
  ),
}));

describe('CommentForm', () => {
  afterEach(cleanup);

  it('paints a stand-in and hands the typed text, the focus and a send to the working form once it has loaded', async () => {
    render(<CommentForm type={0} documentId={1} />);
    const input = screen.getByTestId('comment-input') as HTMLTextAreaElement;
    expect(screen.getByTestId('comment-form')).toBeTruthy();
    expect(screen.queryByTestId('live')).toBeNull();
    input.value = '你好';
    fireEvent.submit(screen.getByTestId('comment-form'));
    const live = await screen.findByTestId('live', undefined, { timeout: 15_000 });
    expect(JSON.parse(live.textContent ?? '')).toEqual({
      content: '你好',
      focused: false,
      selection: [2, 2],
      submit: true,
    });
  });

  it('loads the working form when the textarea is focused, keeping the focus', async () => {
    render(<CommentForm type={0} documentId={1} />);
    const input = screen.getByTestId('comment-input') as HTMLTextAreaElement;
    input.focus();
    const live = await screen.findByTestId('live', undefined, { timeout: 15_000 });
    expect(JSON.parse(live.textContent ?? '')).toMatchObject({ content: '', focused: true, submit: false });
  });
});
