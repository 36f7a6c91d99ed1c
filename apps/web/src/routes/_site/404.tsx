import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/layout/status-pages';

/** spec §2 /404: the error page; the server answers this path with status 404 (spec §8). */
export const Route = createFileRoute('/_site/404')({
  component: NotFoundPage,
});
