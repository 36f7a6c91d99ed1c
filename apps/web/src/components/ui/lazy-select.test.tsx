import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazySelect } from './lazy-select';

// Radix measures and scrolls its listbox; jsdom has neither.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;

afterEach(cleanup);

const OPTIONS = [
  { value: 'all', label: '不限' },
  { value: 'free', label: '免费' },
  { value: 'charge', label: '付费' },
];

describe('LazySelect', () => {
  it('paints a trigger with the chosen option and no listbox, the same on the server as in the browser', () => {
    const html = renderToString(
      <LazySelect value="free" onValueChange={() => undefined} options={OPTIONS} aria-label="价格" />,
    );
    expect(html).toContain('免费');
    expect(html).not.toContain('付费');
    render(<LazySelect value="free" onValueChange={() => undefined} options={OPTIONS} aria-label="价格" />);
    const trigger = screen.getByRole('combobox', { name: '价格' });
    expect(trigger.textContent).toBe('免费');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('loads the select when pressed, shows it open and reports the choice', async () => {
    const chosen = vi.fn();
    render(<LazySelect value="all" onValueChange={chosen} options={OPTIONS} aria-label="价格" />);
    fireEvent.click(screen.getByRole('combobox', { name: '价格' }));
    const listbox = await screen.findByRole('listbox', undefined, { timeout: 15_000 });
    expect([...listbox.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual(['不限', '免费', '付费']);
    fireEvent.click(screen.getByRole('option', { name: '付费' }));
    expect(chosen).toHaveBeenCalledWith('charge');
  });

  it('opens from the keyboard with an arrow key', async () => {
    render(<LazySelect value="all" onValueChange={() => undefined} options={OPTIONS} aria-label="价格" />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: '价格' }), { key: 'ArrowDown' });
    expect(await screen.findByRole('listbox', undefined, { timeout: 15_000 })).toBeTruthy();
  });
});
