import { createFileRoute, redirect } from '@tanstack/react-router';
import { loginHref } from '@/components/layout/front-check';
import { session } from '@/lib/session';

/** `/user` without an id: the signed-in member's own page, or sign in first (issue 5, member space). */
export const Route = createFileRoute('/_site/user/')({
  beforeLoad: ({ location }) => {
    const user = session.get().user;
    if (!user) throw redirect({ href: loginHref(location.href), replace: true });
    throw redirect({ to: '/user/$id', params: { id: String(user.id) }, replace: true });
  },
});
