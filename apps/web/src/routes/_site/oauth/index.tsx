import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * `/oauth` without a provider (spec §2 `/oauth/{type?}`): there is no sign-in to finish, so the visitor goes to the
 * login page, where the third-party buttons are.
 */
export const Route = createFileRoute('/_site/oauth/')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
