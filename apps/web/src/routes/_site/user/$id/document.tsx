import { createFileRoute } from '@tanstack/react-router';
import { AdSlot } from '@/components/ads/ad-slot';
import { UserDocumentGrid } from '../-components/user-documents';
import { userDocumentsInput, userDocumentsSearchSchema } from '../-components/user-documents-search';
import { userIdOf } from '../-components/user-id';

/** spec §2 /user/{id}/document: every public document of the member, sorted and paged in the URL. */
export const Route = createFileRoute('/_site/user/$id/document')({
  validateSearch: userDocumentsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, trpc }, params, deps }) => {
    const id = userIdOf(params.id);
    if (id !== null) await queryClient.prefetchQuery(trpc.document.list.queryOptions(userDocumentsInput(id, deps)));
  },
  component: UserDocuments,
});

function UserDocuments() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="grid gap-4">
      <AdSlot position="user_document_top" />
      <UserDocumentGrid
        userId={userIdOf(id) ?? 0}
        search={search}
        onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </div>
  );
}
