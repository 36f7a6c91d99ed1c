import { useQuery } from '@tanstack/react-query';
import { NoticeBoard } from '@/components/home/notice-board';
import { useCanBrowse } from '@/hooks/use-site-access';
import { useTRPC } from '@/lib/trpc';
import { HOME_INPUTS } from './home-blocks';

/** pro-facts §2.7: the notice strip of both home layouts, hidden when there are no notices (or they fail to load). */
export function HomeNotices() {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.article.list.queryOptions(HOME_INPUTS.notices), enabled: useCanBrowse() });
  return <NoticeBoard notices={data?.article ?? []} />;
}
