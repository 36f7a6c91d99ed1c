import { Link, useLocation } from '@tanstack/react-router';
import { LogInIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { LazyPopover, type PopoverTriggerProps } from '@/components/ui/lazy-open';

/**
 * What a visitor gets from a member's action (favourite, report): a popover asking them to sign in, its link coming
 * back to this page. Its library loads when `trigger` is first pressed (`LazyPopover`).
 */
export function SignInPopover({
  trigger,
  title,
  hint,
  action,
}: {
  trigger: (props: PopoverTriggerProps) => React.ReactNode;
  title: string;
  hint: string;
  /** The sign-in link's text. */
  action: string;
}) {
  const href = useLocation({ select: (l) => l.href });
  return (
    <LazyPopover className="grid w-72 gap-3 p-4" trigger={trigger}>
      <div className="grid gap-1">
        <p className="font-medium text-sm">{title}</p>
        <p className="text-muted-foreground text-xs">{hint}</p>
      </div>
      <Button asChild size="sm" className="justify-self-end">
        <Link to="/login" search={{ redirect: href }}>
          <LogInIcon />
          {action}
        </Link>
      </Button>
    </LazyPopover>
  );
}
