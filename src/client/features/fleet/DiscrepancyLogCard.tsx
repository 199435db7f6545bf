import { useTranslation } from 'react-i18next';
import { type DeviceDetail } from '@shared/api/maintenance';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { DiscrepancySeverityBadge, DiscrepancyStatusBadge } from './badges';
import { CloseDiscrepancyDialog } from './CloseDiscrepancyDialog';
import { DeferButton } from './DeferButton';
import { ReportDiscrepancyDialog } from './ReportDiscrepancyDialog';
import { useFirstRows } from './show-more';

/** The discrepancy log of 142.59(c)(4), newest first, with report and close for those who log. */
export function DiscrepancyLogCard({ device, canLog }: { device: DeviceDetail; canLog: boolean }) {
  const { t } = useTranslation('fleet');
  const entries = device.discrepancies;
  const { shown, toggle } = useFirstRows(entries, 10, 'entries');
  const unitName = (id: string | null) => {
    const unit = id ? device.components.find((c) => c.id === id) : undefined;
    return unit ? `${unit.name}${unit.serialNumber ? ` ${unit.serialNumber}` : ''}` : null;
  };
  /** What the write-up names, and the recorded unit it is linked to when that says more. */
  const componentText = (d: (typeof entries)[number]) => {
    const unit = unitName(d.componentId);
    if (d.component && unit && !unit.startsWith(d.component))
      return t('log.componentUnit', { component: d.component, unit });
    return d.component ?? unit;
  };
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('log.title')}</CardTitle>
          <CardDescription>
            {entries.length === 0
              ? t('log.empty')
              : t('log.count', { count: entries.length, open: device.openDiscrepancies })}
          </CardDescription>
        </div>
        {canLog && <ReportDiscrepancyDialog device={device} />}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('log.none')}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t('log.caption')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('log.columns.reported')}</TableHead>
                <TableHead scope="col">{t('log.columns.discrepancy')}</TableHead>
                <TableHead scope="col">{t('log.columns.impactStatus')}</TableHead>
                <TableHead scope="col">{t('log.columns.correctiveAction')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((d) => {
                const component = componentText(d);
                return (
                  <TableRow key={d.id}>
                    <TableCell className="align-top text-xs whitespace-nowrap">
                      {formatDateTime(d.reportedAt)}
                      <div className="text-muted-foreground">{d.reportedBy}</div>
                    </TableCell>
                    <TableCell className="min-w-56 align-top">
                      <p>{d.description}</p>
                      {(component || d.ataChapter) && (
                        <p className="text-xs text-muted-foreground">
                          {[component, d.ataChapter && t('ata', { chapter: d.ataChapter })]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      )}
                    </TableCell>
                    <TableCell className="align-top">
                      <div className="grid justify-items-start gap-1.5">
                        <DiscrepancySeverityBadge severity={d.severity} />
                        <DiscrepancyStatusBadge status={d.status} />
                        {d.trainingMinutesLost > 0 && (
                          <span className="text-xs text-muted-foreground tabular-nums">
                            {t('log.minutesLost', { minutes: d.trainingMinutesLost })}
                          </span>
                        )}
                        {canLog && d.status !== 'closed' && (
                          <div className="flex flex-wrap gap-1">
                            <CloseDiscrepancyDialog deviceId={device.id} entry={d} />
                            {d.status === 'open' && <DeferButton deviceId={device.id} entry={d} />}
                          </div>
                        )}
                      </div>
                    </TableCell>
                    <TableCell className="min-w-48 align-top text-sm">
                      {d.correctiveAction ?? <span className="text-muted-foreground">—</span>}
                      {d.closedAt && (
                        <p className="text-xs text-muted-foreground">
                          {d.closedBy
                            ? t('log.closedBy', {
                                when: formatDateTime(d.closedAt),
                                by: d.closedBy,
                              })
                            : t('log.closed', { when: formatDateTime(d.closedAt) })}
                        </p>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {toggle}
      </CardContent>
    </Card>
  );
}
