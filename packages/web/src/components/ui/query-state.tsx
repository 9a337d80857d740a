import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { ErrorBox } from './error-box';
import { ContentSpinner } from './spinner';

/** The part of a TanStack query result the ladder reads. */
interface QueryStatus {
  isPending: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The ladder every list page climbs, in one place so each page shows the same states: a
 * spinner while the first answer is pending, the error with Retry, the page's own empty
 * state, then the content. `isEmpty` and `children` run only once the data is there.
 */
export function QueryState({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: QueryStatus;
  isEmpty: () => boolean;
  empty: ReactNode;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ContentSpinner label={t('common.loading')} />;
  if (query.error)
    return (
      <ErrorBox
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return isEmpty() ? empty : children();
}
