import { useLocation } from '@tanstack/react-router';
import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/i18n/react';
import type { NavNode } from './nav';

const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);

/**
 * The mobile menu button (spec §2 Header, under 768px). The drawer it opens, with the dialog library it needs,
 * loads when the button is first pressed, so a phone's first visit does without it (issue 17).
 */
export function MobileDrawer({ items }: { items: NavNode[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const href = useLocation({ select: (l) => l.href });
  // Any navigation closes the drawer.
  useEffect(() => {
    void href;
    setOpen(false);
  }, [href]);
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label={t('shell.header.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="drawer-trigger"
        // Fetched as the finger comes down, shown on the click.
        onPointerDown={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel items={items} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
