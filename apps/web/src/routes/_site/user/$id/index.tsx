import { createFileRoute, Link } from '@tanstack/react-router';
import { ChevronRightIcon } from 'lucide-react';
import { ActivityFeed } from '@/components/interactions/activity-feed';
import { useTranslation } from '@/i18n/areas/member';
import { UserDocumentGrid } from '../-components/user-documents';
import { USER_HOME_DOCUMENTS, userDocumentsInput } from '../-components/user-documents-search';
import { userIdOf } from '../-components/user-id';

/** spec §2 /user/{id} home: the member's newest public documents, with a way on to all of them. */
export const Route = createFileRoute('/_site/user/$id/')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = userIdOf(params.id);
    if (id !== null) {
      await queryClient.prefetchQuery(trpc.document.list.queryOptions(userDocumentsInput(id, {}, USER_HOME_DOCUMENTS)));
    }
  },
  component: UserHome,
});

function UserHome() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  return (
    <section className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold text-lg">{t('me.user.latestDocuments')}</h2>
        <Link
          to="/user/$id/document"
          params={{ id }}
          className="inline-flex items-center text-muted-foreground text-sm hover:text-primary"
        >
          {t('me.user.allDocuments')}
          <ChevronRightIcon className="size-4" />
        </Link>
      </div>
      <UserDocumentGrid userId={userIdOf(id) ?? 0} search={{}} size={USER_HOME_DOCUMENTS} />
      {userIdOf(id) ? <ActivityFeed userId={userIdOf(id) ?? 0} title={t('interaction.feed.public')} /> : null}
    </section>
  );
}
