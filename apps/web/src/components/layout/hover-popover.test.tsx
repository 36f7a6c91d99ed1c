import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoverPopover } from './hover-popover';

// Radix measures its anchor and panel; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('HoverPopover', () => {
  it('renders only its trigger until asked, then opens its panel with the same trigger element', async () => {
    render(
      <HoverPopover trigger={<a href="/category/1">分类</a>} delay={600}>
        <p>面板</p>
      </HoverPopover>,
    );
    const link = screen.getByRole('link', { name: '分类' });
    expect(screen.queryByText('面板')).toBeNull();
    fireEvent.keyDown(link, { key: 'ArrowDown' });
    expect(await screen.findByText('面板', undefined, { timeout: 15_000 })).toBeTruthy();
    // Not re-mounted: a keyboard user's focus stays where it was.
    expect(screen.getByRole('link', { name: '分类' })).toBe(link);
  });
});
