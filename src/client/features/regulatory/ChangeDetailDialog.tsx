import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
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
import { formatDate } from '../../lib/format';
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
  const change = useChange(changeId);
  return (
    <Dialog open={changeId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {change.isPending && (
          <>
            <DialogTitle className="sr-only">Regulatory change</DialogTitle>
            <div className="flex justify-center p-6">
              <Spinner label="Loading the change" />
            </div>
          </>
        )}
        {change.isError && (
          <>
            <DialogTitle>Regulatory change</DialogTitle>
            <QueryError error={change.error} what="the change" />
          </>
        )}
        {change.data && <ChangeBody change={change.data} />}
      </DialogContent>
    </Dialog>
  );
}

function ChangeBody({ change }: { change: ChangeDetail }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          §{change.section} {change.sectionName}
        </DialogTitle>
        <DialogDescription>
          Effective {formatDate(change.effectiveDate)}
          {change.fromVersionDate
            ? `, compared with the version of ${formatDate(change.fromVersionDate)}`
            : ', first version stored'}
          {change.historical ? ' (an amendment from before monitoring began)' : ''}.
        </DialogDescription>
      </DialogHeader>

      <section aria-labelledby="change-paragraphs" className="grid gap-2">
        <h3 id="change-paragraphs" className="text-sm font-semibold">
          Changed paragraphs ({change.paragraphDiffs.length})
        </h3>
        {change.paragraphDiffs.length === 0 ? (
          <p className="text-sm text-muted-foreground">No paragraph text changed.</p>
        ) : (
          change.paragraphDiffs.map((d) => (
            <ParagraphDiffView key={`${d.kind}${d.id}`} section={change.section} diff={d} />
          ))
        )}
      </section>

      <section aria-labelledby="change-items" className="grid gap-2">
        <h3 id="change-items" className="text-sm font-semibold">
          Checklist items citing these paragraphs ({change.mappedItems.length})
        </h3>
        {change.mappedItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No checklist item cites the changed paragraphs.
          </p>
        ) : (
          <ul className="grid gap-2">
            {change.mappedItems.map((item) => (
              <li key={item.number} className="grid gap-1 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={withChecklistArea(item.href)}
                    className="font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
                  >
                    Checklist item {item.number}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    cites {item.reference}
                    {item.citedParagraphs.length > 0 &&
                      ` · touches ${item.citedParagraphs.join(', ')}`}
                  </span>
                  <Badge variant={item.status ? 'secondary' : 'outline'} className="ml-auto">
                    {item.status
                      ? `Answered ${item.status}${item.answeredAt ? ` on ${formatDate(item.answeredAt)}` : ''}`
                      : 'Not answered'}
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
            Documents citing the section ({change.documents.length})
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
