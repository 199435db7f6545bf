import { History, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LinkStatus } from '@shared/api/links';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatMs, relativeTime, STATUS_VARIANTS, truncateUrl } from './links';
import { ResponseSparkline } from './Sparkline';

const CERT_WARNING_MS = 30 * 24 * 3600_000;

function CertificateCell({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-muted-foreground">—</span>;
  const soon = Date.parse(iso) - Date.now() < CERT_WARNING_MS;
  return (
    <time
      dateTime={iso}
      title={formatDateTime(iso)}
      className={soon ? 'font-medium text-amber-700' : undefined}
    >
      {formatDate(iso)}
    </time>
  );
}

export function LinkStatusTable({
  links,
  canManage,
  onEdit,
  onDelete,
  onHistory,
}: {
  links: LinkStatus[];
  canManage: boolean;
  onHistory: (link: LinkStatus) => void;
  onEdit: (link: LinkStatus) => void;
  onDelete: (link: LinkStatus) => void;
}) {
  const { t } = useTranslation('links');
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('table.link')}</TableHead>
            <TableHead>{t('table.status')}</TableHead>
            <TableHead className="text-right">{t('table.code')}</TableHead>
            <TableHead>{t('table.response')}</TableHead>
            <TableHead>{t('table.lastChecked')}</TableHead>
            <TableHead>{t('table.certificate')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('table.actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.id}>
              <TableCell className="max-w-[22rem]">
                <div className="font-medium">{link.name}</div>
                <a
                  href={link.url}
                  title={link.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="block truncate text-xs text-muted-foreground hover:text-foreground hover:underline"
                >
                  {truncateUrl(link.url)}
                </a>
                {link.status === 'redirected' && link.newUrl && (
                  <p className="truncate text-xs text-sky-800" title={link.newUrl}>
                    → {truncateUrl(link.newUrl)}
                  </p>
                )}
                {link.errorMessage && (
                  <p className="text-xs text-destructive">{link.errorMessage}</p>
                )}
              </TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANTS[link.status]}>{t(`status.${link.status}`)}</Badge>
              </TableCell>
              <TableCell className="text-right tabular-nums">{link.responseCode ?? '—'}</TableCell>
              <TableCell>
                <div className="flex items-center gap-2 tabular-nums">
                  <span className="w-14 shrink-0">{formatMs(link.responseMs)}</span>
                  {link.lastChecked && <ResponseSparkline linkId={link.id} />}
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {link.lastChecked ? (
                  <time dateTime={link.lastChecked} title={formatDateTime(link.lastChecked)}>
                    {relativeTime(link.lastChecked)}
                  </time>
                ) : (
                  <span className="text-muted-foreground">{t('table.never')}</span>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <CertificateCell iso={link.certificateExpiresAt} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('table.history', { name: link.name })}
                  onClick={() => onHistory(link)}
                >
                  <History aria-hidden />
                </Button>
                {canManage && (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('table.edit', { name: link.name })}
                      onClick={() => onEdit(link)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('table.delete', { name: link.name })}
                      onClick={() => onDelete(link)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
