import { useGetList } from 'react-admin';

/** How many of the owner's runs are in progress: the total of a one-row list query. */
export function useRunsInProgress(): number | undefined {
  const { total } = useGetList('runs', {
    filter: { status: 'in_progress' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return total;
}

/** The tab bar's badge text: the count, capped at '99+'. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
