import { CheckIcon, LanguagesIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/menu';
import { type Theme, useTheme } from '@/hooks/use-theme';
import { LANGUAGES, setLanguage } from '@/i18n';

const THEME_ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Light, dark or system theme (class `dark` on <html>, stored under 'wenku-theme'). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('shell.theme.label')} title={t('shell.theme.label')}>
          <Icon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {(['light', 'dark', 'system'] as Theme[]).map((v) => {
          const ItemIcon = THEME_ICONS[v];
          return (
            <DropdownMenuItem key={v} onSelect={() => setTheme(v)}>
              <ItemIcon />
              <span className="flex-1">{t(`theme.${v}`)}</span>
              {theme === v ? <CheckIcon className="text-primary" /> : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** zh-CN or English; remembered by the i18n layer. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('shell.language.label')} title={t('shell.language.label')}>
          <LanguagesIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-36">
        {LANGUAGES.map((l) => (
          <DropdownMenuItem key={l.code} onSelect={() => void setLanguage(l.code)}>
            <span className="flex-1">{l.label}</span>
            {i18n.language === l.code ? <CheckIcon className="text-primary" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
