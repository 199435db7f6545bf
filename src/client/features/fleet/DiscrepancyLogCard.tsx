import { DISCREPANCY_SEVERITY_LABELS, type DeviceDetail } from '@shared/api/maintenance';
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
import { DiscrepancySeverityBadge, DiscrepancyStatusBadge, plural } from './badges';
import { CloseDiscrepancyDialog } from './CloseDiscrepancyDialog';
import { DeferButton } from './DeferButton';
import { ReportDiscrepancyDialog } from './ReportDiscrepancyDialog';
import { useFirstRows } from './show-more';

/** The discrepancy log of 142.59(c)(4), newest first, with report and close for those who log. */
export function DiscrepancyLogCard({ device, canLog }: { device: DeviceDetail; canLog: boolean }) {
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
      return `${d.component} (unit ${unit})`;
    return d.component ?? unit;
  };
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Discrepancy log</CardTitle>
          <CardDescription>
            {entries.length === 0
              ? '14 CFR 142.59(c)(4): each discrepancy found is written up here.'
              : `${plural(entries.length, 'entry', 'entries')}, ${device.openDiscrepancies} not closed`}
          </CardDescription>
        </div>
        {canLog && <ReportDiscrepancyDialog device={device} />}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No discrepancy written up.</p>
        ) : (
          <Table>
            <caption className="sr-only">Discrepancy log, newest first</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Reported</TableHead>
                <TableHead scope="col">Discrepancy</TableHead>
                <TableHead scope="col">Impact and status</TableHead>
                <TableHead scope="col">Corrective action</TableHead>
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
                          {[component, d.ataChapter && `ATA ${d.ataChapter}`]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      )}
                    </TableCell>
                    <TableCell className="align-top">
                      <div className="grid justify-items-start gap-1.5">
                        <DiscrepancySeverityBadge
                          severity={d.severity}
                          label={DISCREPANCY_SEVERITY_LABELS[d.severity]}
                        />
                        <DiscrepancyStatusBadge status={d.status} />
                        {d.trainingMinutesLost > 0 && (
                          <span className="text-xs text-muted-foreground tabular-nums">
                            {d.trainingMinutesLost} training min lost
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
                          Closed {formatDateTime(d.closedAt)}
                          {d.closedBy && ` by ${d.closedBy}`}
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
