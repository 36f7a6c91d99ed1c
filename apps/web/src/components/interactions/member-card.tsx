import { Link } from '@tanstack/react-router';
import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The card of an item's member beside a document or article (分享用户, 作者): avatar, name linking to their home page
 * (a plain name for a guest, id 0), and their counts once loaded.
 */
export function MemberCard({
  title,
  userId,
  name,
  avatar,
  counts,
}: {
  title: React.ReactNode;
  userId: number;
  name: string;
  avatar: React.ReactNode;
  counts?: React.ReactNode;
}) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        {avatar}
        <div className="min-w-0">
          {userId > 0 ? (
            <Link
              to="/user/$id"
              params={{ id: String(userId) }}
              className="block truncate font-medium hover:text-primary"
            >
              {name}
            </Link>
          ) : (
            <span className="block truncate font-medium">{name}</span>
          )}
          {counts ? <p className="text-muted-foreground text-xs">{counts}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
