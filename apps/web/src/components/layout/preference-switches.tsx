import { LanguagesIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { type Theme, useTheme } from '@/hooks/use-theme';
import { useTranslation } from '@/i18n/react';

export const THEME_ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** The theme switch's button (its menu's trigger once loaded). */
export function ThemeButton({ theme, ...props }: { theme: Theme } & React.ComponentProps<'button'>) {
  const { t } = useTranslation();
  const Icon = THEME_ICONS[theme];
  return (
    <Button variant="ghost" size="icon" aria-label={t('shell.theme.label')} title={t('shell.theme.label')} {...props}>
      <Icon />
    </Button>
  );
}

/** The language switch's button. */
export function LanguageButton(props: React.ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('shell.language.label')}
      title={t('shell.language.label')}
      {...props}
    >
      <LanguagesIcon />
    </Button>
  );
}

const loadThemeMenu = () => import('./preference-menus').then((m) => ({ default: m.ThemeMenu }));
const loadLanguageMenu = () => import('./preference-menus').then((m) => ({ default: m.LanguageMenu }));

/** Light, dark or system theme (class `dark` on <html>, stored under 'wenku-theme'); its menu loads when used. */
export function ThemeSwitch() {
  const [theme] = useTheme();
  return <LazyMenu load={loadThemeMenu} trigger={(props) => <ThemeButton theme={theme} {...props} />} />;
}

/** zh-CN or English; remembered by the i18n layer. Its menu loads when used. */
export function LanguageSwitch() {
  return <LazyMenu load={loadLanguageMenu} trigger={(props) => <LanguageButton {...props} />} />;
}
