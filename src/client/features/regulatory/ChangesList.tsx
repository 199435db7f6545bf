import { BookOpenCheck, ChevronRight } from 'lucide-react';
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
  const changes = useChanges();
  const [open, setOpen] = useSearchParam('change', '');

  let body;
  if (changes.isPending) {
    body = (
      <div className="flex justify-center p-6">
        <Spinner label="Loading the changes" />
      </div>
    );
  } else if (changes.isError) {
    body = <QueryError error={changes.error} what="the changes" />;
  } else if (changes.data.changes.length === 0) {
    body = (
      <EmptyState icon={BookOpenCheck} title="No regulatory changes recorded">
        Changes appear after the regulation text has been fetched: the amendments found in its
        version history, and every new version after that.
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
                  <span className="font-medium">
                    §{c.section} {c.sectionName}
                  </span>
                  {c.historical ? (
                    <Badge variant="outline">Past amendment</Badge>
                  ) : (
                    <Badge variant="info">New</Badge>
                  )}
                </span>
                <span className="text-sm text-muted-foreground">
                  Effective {formatDate(c.effectiveDate)} · {c.paragraphs.length}{' '}
                  {c.paragraphs.length === 1 ? 'paragraph' : 'paragraphs'} changed
                  {c.paragraphs.length > 0 &&
                    `: ${c.paragraphs.map((p) => `${p.id} ${p.kind}`).join(', ')}`}{' '}
                  · {c.checklistItems.length} checklist{' '}
                  {c.checklistItems.length === 1 ? 'item' : 'items'}
                </span>
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
