import type { TFunction } from 'i18next';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHECKLIST_STATUSES } from '@shared/checklist/types';
import type { ChangeDetail } from '@shared/api/regulatory';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { QueryError } from '../dashboard/QueryError';
import { formatDate, formatNumber } from '../../lib/format';
import { useChange } from './use-regulatory';
import { withChecklistArea } from './regulatory';
import { ParagraphDiffView } from './WordDiff';

/** One change: its paragraphs as word diffs, the checklist items they touch, the documents citing it. */
export function ChangeDetailDialog({
  changeId,
  onClose,
}: {
  changeId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('regulatory');
  const change = useChange(changeId);
  return (
    <Dialog open={changeId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {change.isPending && (
          <>
            <DialogTitle className="sr-only">{t('change.title')}</DialogTitle>
            <div className="flex justify-center p-6">
              <Spinner label={t('change.loading')} />
            </div>
          </>
        )}
        {change.isError && (
          <>
            <DialogTitle>{t('change.title')}</DialogTitle>
            <QueryError error={change.error} what={t('change.what')} />
          </>
        )}
        {change.data && <ChangeBody change={change.data} />}
      </DialogContent>
    </Dialog>
  );
}

function effectiveLine(t: TFunction, change: ChangeDetail): string {
  const date = formatDate(change.effectiveDate);
  if (change.fromVersionDate) {
    const from = formatDate(change.fromVersionDate);
    return change.historical
      ? t('change.comparedHistorical', { date, from })
      : t('change.compared', { date, from });
  }
  return change.historical ? t('change.firstHistorical', { date }) : t('change.first', { date });
}

/** The organization's answer as the change dialog words it: `Answered compliant on 03/02/2025`. */
function answerText(t: TFunction, item: ChangeDetail['mappedItems'][number]): string {
  if (!item.status) return t('change.notAnswered');
  const known = (CHECKLIST_STATUSES as readonly string[]).includes(item.status);
  const status = known ? t(`change.answerStatus.${item.status}`) : item.status;
  return item.answeredAt
    ? t('change.answeredOn', { status, date: formatDate(item.answeredAt) })
    : t('change.answered', { status });
}

function ChangeBody({ change }: { change: ChangeDetail }) {
  const { t } = useTranslation('regulatory');
  return (
    <>
      <DialogHeader>
        <DialogTitle>{`§${change.section} ${change.sectionName}`}</DialogTitle>
        <DialogDescription>{effectiveLine(t, change)}</DialogDescription>
      </DialogHeader>

      <section aria-labelledby="change-paragraphs" className="grid gap-2">
        <h3 id="change-paragraphs" className="text-sm font-semibold">
          {t('change.paragraphsTitle', { total: formatNumber(change.paragraphDiffs.length) })}
        </h3>
        {change.paragraphDiffs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('change.noParagraphs')}</p>
        ) : (
          change.paragraphDiffs.map((d) => (
            <ParagraphDiffView key={`${d.kind}${d.id}`} section={change.section} diff={d} />
          ))
        )}
      </section>

      <section aria-labelledby="change-items" className="grid gap-2">
        <h3 id="change-items" className="text-sm font-semibold">
          {t('change.itemsTitle', { total: formatNumber(change.mappedItems.length) })}
        </h3>
        {change.mappedItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('change.noItems')}</p>
        ) : (
          <ul className="grid gap-2">
            {change.mappedItems.map((item) => (
              <li key={item.number} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={withChecklistArea(item.href)}
                    className="font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                  >
                    {t('change.checklistItem', { number: item.number })}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {item.citedParagraphs.length > 0
                      ? t('change.citesTouches', {
                          reference: item.reference,
                          paragraphs: item.citedParagraphs.join(', '),
                        })
                      : t('change.cites', { reference: item.reference })}
                  </span>
                  <Badge variant={item.status ? 'secondary' : 'outline'} className="ml-auto">
                    {answerText(t, item)}
                  </Badge>
                </div>
                <p className="text-muted-foreground">{item.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {change.documents.length > 0 && (
        <section aria-labelledby="change-documents" className="grid gap-2">
          <h3 id="change-documents" className="text-sm font-semibold">
            {t('change.documentsTitle', { total: formatNumber(change.documents.length) })}
          </h3>
          <ul className="grid gap-1 text-sm">
            {change.documents.map((doc) => (
              <li key={doc.id}>
                <Link
                  to={doc.href}
                  className="inline-flex items-center gap-1 text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                >
                  <ExternalLink aria-hidden className="size-3.5" />
                  {doc.title}
                </Link>{' '}
                <span className="text-muted-foreground">({doc.citation})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
