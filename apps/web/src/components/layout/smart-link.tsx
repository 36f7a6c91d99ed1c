import { useNavigate } from '@tanstack/react-router';
import { safeHref } from '@wenku/shared';
import type * as React from 'react';
import { navKind } from './nav';

/**
 * A link whose destination comes from data (navigation, footer settings, categories): http(s) hrefs are plain
 * external links, site paths navigate inside the app, an empty or unsafe href is plain text (spec §2 Header).
 */
export function SmartLink({
  href,
  target,
  color,
  className,
  style,
  children,
  onNavigate,
  ...rest
}: Omit<React.ComponentProps<'a'>, 'href'> & { href?: string | null; color?: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const kind = navKind(href);
  const styles = color ? { ...style, color } : style;
  if (kind === 'text') {
    return (
      <span className={className} style={styles}>
        {children}
      </span>
    );
  }
  const to = safeHref(href) ?? '';
  const newTab = target === '_blank';
  return (
    <a
      {...rest}
      href={to}
      target={newTab ? '_blank' : undefined}
      rel={newTab || kind === 'external' ? 'noopener noreferrer' : undefined}
      className={className}
      style={styles}
      onClick={(e) => {
        rest.onClick?.(e);
        onNavigate?.();
        if (kind === 'external' || newTab || e.defaultPrevented) return;
        // Let the browser handle new-tab and download gestures; plain clicks stay in the single-page app.
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate({ href: to });
      }}
    >
      {children}
    </a>
  );
}
