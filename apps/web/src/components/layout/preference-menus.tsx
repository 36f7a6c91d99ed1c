import { CheckIcon } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/menu';
import { type Theme, useTheme } from '@/hooks/use-theme';
import { LANGUAGES, setLanguage } from '@/i18n';
import { useTranslation } from '@/i18n/react';
import { LanguageButton, THEME_ICONS, ThemeButton } from './preference-switches';

/** The theme menu, loaded when the theme switch is first used (preference-switches.tsx). */
export function ThemeMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ThemeButton theme={theme} />
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

/** The language menu, loaded when the language switch is first used. */
export function LanguageMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton />
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
