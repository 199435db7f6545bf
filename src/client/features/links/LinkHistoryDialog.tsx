import { useTranslation } from 'react-i18next';
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
import { formatMs, STATUS_VARIANTS, truncateUrl } from './links';
import { ResponseSparkline } from './Sparkline';
import { useLinkHistory } from './use-links';

function HistoryTable({ link }: { link: LinkStatus }) {
  const { t } = useTranslation('links');
  const history = useLinkHistory(link.id);
  if (history.isPending) return <Spinner label={t('history.loading')} />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('history.failed')}
      </p>
    );
  }
  if (history.data.checks.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('history.empty')}</p>;
  }
  return (
    <div className="grid gap-3">
      <ResponseSparkline linkId={link.id} />
      <div className="max-h-[50vh] overflow-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('history.checked')}</TableHead>
              <TableHead>{t('history.status')}</TableHead>
              <TableHead className="text-right">{t('history.code')}</TableHead>
              <TableHead className="text-right">{t('history.response')}</TableHead>
              <TableHead>{t('history.redirects')}</TableHead>
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
                    {t(`status.${check.status}`)}
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
                    <span className="text-muted-foreground">{t('history.none')}</span>
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
  const { t } = useTranslation('links');
  return (
    <Dialog open={link !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('history.title')}</DialogTitle>
          <DialogDescription className="break-all">
            {link?.name} · {link?.url}
          </DialogDescription>
        </DialogHeader>
        {link && <HistoryTable link={link} />}
      </DialogContent>
    </Dialog>
  );
}
