import { DocumentStatus } from '@wenku/shared';
import { LISTING_SORTS, listingSearchSchema } from '@/components/documents/listing';
import { z } from '@/lib/search-schema';

// Apart from the grid: the route definitions import these, and the entry chunk carries route definitions (issue 17).
export const USER_DOCUMENTS_PAGE_SIZE = 20;
/** The home tab previews the newest documents; the documents tab pages through all of them. */
export const USER_HOME_DOCUMENTS = 10;

/** URL search params of /user/{id}/document (lenient, like the category listing). */
export const userDocumentsSearchSchema = z.pick(listingSearchSchema, { page: true, sort: true });
export type UserDocumentsSearch = z.infer<typeof userDocumentsSearchSchema>;

/**
 * The `document.list` input of a member's public documents. The server already hides unconverted documents from
 * other viewers; the status filter makes the owner see their home page as visitors do.
 */
export function userDocumentsInput(userId: number, search: UserDocumentsSearch, size = USER_DOCUMENTS_PAGE_SIZE) {
  return {
    user_id: [userId],
    status: [DocumentStatus.Converted],
    page: search.page ?? 1,
    size,
    order: LISTING_SORTS[search.sort ?? 'latest'],
  };
}
