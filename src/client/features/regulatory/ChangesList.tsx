import { BookOpenCheck, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChangeSummary } from '@shared/api/regulatory';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { QueryError } from '../dashboard/QueryError';
import { useSearchParam } from '../placeholders/use-search-param';
import { formatDate } from '../../lib/format';
import { ChangeDetailDialog } from './ChangeDetailDialog';
import { sortChanges } from './regulatory';
import { useChanges } from './use-regulatory';

/** Recent Changes: every stored change, newest effective date first; `?change=` opens one. */
export function ChangesList() {
  const { t } = useTranslation('regulatory');
  // `Effective 02/14/2025 · 1 paragraph changed: (a) reworded · 2 checklist items`
  const summaryLine = (c: ChangeSummary) => {
    const count = c.paragraphs.length;
    const paragraphs =
      count > 0
        ? t('changes.paragraphsList', {
            count,
            list: c.paragraphs.map((p) => `${p.id} ${t(`changes.kind.${p.kind}`)}`).join(', '),
          })
        : t('changes.paragraphs', { count });
    return [
      t('changes.effective', { date: formatDate(c.effectiveDate) }),
      paragraphs,
      t('changes.items', { count: c.checklistItems.length }),
    ].join(' · ');
  };
  const changes = useChanges();
  const [open, setOpen] = useSearchParam('change', '');

  let body;
  if (changes.isPending) {
    body = (
      <div className="flex justify-center p-6">
        <Spinner label={t('changes.loading')} />
      </div>
    );
  } else if (changes.isError) {
    body = <QueryError error={changes.error} what={t('changes.what')} />;
  } else if (changes.data.changes.length === 0) {
    body = (
      <EmptyState icon={BookOpenCheck} title={t('changes.emptyTitle')}>
        {t('changes.emptyBody')}
      </EmptyState>
    );
  } else {
    body = (
      <ul className="divide-y">
        {sortChanges(changes.data.changes).map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => setOpen(c.id)}
              className="flex w-full cursor-pointer items-center gap-3 rounded-md px-2 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{`§${c.section} ${c.sectionName}`}</span>
                  {c.historical ? (
                    <Badge variant="outline">{t('changes.past')}</Badge>
                  ) : (
                    <Badge variant="info">{t('changes.new')}</Badge>
                  )}
                </span>
                <span className="text-sm text-muted-foreground">{summaryLine(c)}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardContent className="p-5">{body}</CardContent>
      <ChangeDetailDialog changeId={open || null} onClose={() => setOpen('')} />
    </Card>
  );
}
