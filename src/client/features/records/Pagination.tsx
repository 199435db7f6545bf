import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { formatNumber } from '../../lib/format';

/** "26–50 of 73" with previous and next; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('records');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page === 1) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex items-center justify-between gap-3 pt-4"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0
          ? t('pagination.empty')
          : t('pagination.range', {
              first: formatNumber(first),
              last: formatNumber(last),
              total: formatNumber(total),
            })}
        {' · '}
        {t('pagination.page', { page: formatNumber(page), pages: formatNumber(pages) })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft /> {t('pagination.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('pagination.next')} <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
