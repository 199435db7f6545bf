import type { LinkStatus } from '@shared/api/links';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { formatMs, STATUS_LABELS, STATUS_VARIANTS, truncateUrl } from './links';
import { ResponseSparkline } from './Sparkline';
import { useLinkHistory } from './use-links';

function HistoryTable({ link }: { link: LinkStatus }) {
  const history = useLinkHistory(link.id);
  if (history.isPending) return <Spinner label="Loading history" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The history could not be loaded.
      </p>
    );
  }
  if (history.data.checks.length === 0) {
    return <p className="text-sm text-muted-foreground">This link has not been checked yet.</p>;
  }
  return (
    <div className="grid gap-3">
      <ResponseSparkline linkId={link.id} />
      <div className="max-h-[50vh] overflow-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Checked</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Code</TableHead>
              <TableHead className="text-right">Response</TableHead>
              <TableHead>Redirects</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.data.checks.map((check) => (
              <TableRow key={check.id}>
                <TableCell className="whitespace-nowrap">
                  {formatDateTime(check.checkedAt)}
                </TableCell>
                <TableCell>
                  <Badge variant={STATUS_VARIANTS[check.status]}>
                    {STATUS_LABELS[check.status]}
                  </Badge>
                  {check.errorMessage && (
                    <p className="mt-1 text-xs text-destructive">{check.errorMessage}</p>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {check.responseCode ?? '—'}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMs(check.responseMs)}
                </TableCell>
                <TableCell className="text-xs">
                  {check.redirects.length > 1 ? (
                    <ol className="grid gap-0.5">
                      {check.redirects.map((hop, i) => (
                        <li key={i} title={hop.url}>
                          {hop.status} {truncateUrl(hop.url, 48)}
                        </li>
                      ))}
                    </ol>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

/** The last checks of one link: when, what came back, how fast, through which redirects. */
export function LinkHistoryDialog({
  link,
  onOpenChange,
}: {
  link: LinkStatus | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={link !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Check history</DialogTitle>
          <DialogDescription className="break-all">
            {link?.name} · {link?.url}
          </DialogDescription>
        </DialogHeader>
        {link && <HistoryTable link={link} />}
      </DialogContent>
    </Dialog>
  );
}
