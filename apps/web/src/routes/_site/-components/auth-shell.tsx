import type * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The frame of the login and register pages: a centred card over the configured background image
 * (system.login_background / register_background) or a soft gradient.
 */
export function AuthShell({
  background,
  title,
  description,
  notice,
  children,
  footer,
}: {
  background?: string;
  title: React.ReactNode;
  description?: React.ReactNode;
  notice?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div
      className="flex items-start md:min-h-[calc(100dvh-4rem)] justify-center bg-gradient-to-br from-primary/10 via-background to-indigo-500/10 bg-center bg-cover px-4 py-10 md:items-center md:py-16"
      style={background ? { backgroundImage: `url("${background.replace(/"/g, '%22')}")` } : undefined}
    >
      <div className="grid w-full max-w-md gap-4">
        {notice}
        <Card className="gap-6 py-7 shadow-lg">
          <CardHeader className="px-6 text-center">
            <CardTitle className="text-2xl">{title}</CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="px-6">{children}</CardContent>
          {footer ? <div className="px-6 text-center text-muted-foreground text-sm">{footer}</div> : null}
        </Card>
      </div>
    </div>
  );
}
