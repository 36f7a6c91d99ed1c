import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin opens the dashboard (spec §6). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard' });
  },
});
