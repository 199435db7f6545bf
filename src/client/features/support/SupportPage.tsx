import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { QueryError } from '../dashboard/QueryError';

const BACK_LINK =
  'inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground';

export function BackToSupport() {
  const { t } = useTranslation('support');
  return (
    <Link to="/support" className={BACK_LINK}>
      <ArrowLeft aria-hidden className="size-4" /> {t('article.back')}
    </Link>
  );
}

/**
 * A page of the Support Center that shows one thing read by id (an article, a request): the
 * spinner while it loads, "not found" for a 404, the error otherwise, and the page once it has it.
 */
export function SupportItemPage<T>({
  query,
  notFound,
  notFoundHint,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  notFound: string;
  notFoundHint?: string;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="grid gap-4">
        <BackToSupport />
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState icon={FileQuestion} title={notFound}>
            {notFoundHint}
          </EmptyState>
        ) : (
          <QueryError error={query.error} what={what} />
        )}
      </div>
    );
  }
  return (
    <div className="grid max-w-3xl gap-4">
      <BackToSupport />
      {children(query.data)}
    </div>
  );
}
