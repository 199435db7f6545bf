import type { DeviceDetail, FleetComponent } from '@shared/api/maintenance';
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
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useFirstRows } from './show-more';
import { InstallComponentDialog, REMOVAL_LABELS, RemoveComponentDialog } from './ComponentDialogs';

/** Life used against each limit given: "1234.5 of 2,000 h", "40 of 5,000 cycles". */
function lifeText(c: FleetComponent) {
  const parts: { text: string; share: number }[] = [];
  if (c.lifeLimitHours !== null) {
    parts.push({
      text: `${c.hoursSinceInstall.toFixed(1)} of ${c.lifeLimitHours.toLocaleString('en-US')} h`,
      share: c.hoursSinceInstall / c.lifeLimitHours,
    });
  }
  if (c.lifeLimitCycles !== null) {
    parts.push({
      text: `${c.cyclesSinceInstall} of ${c.lifeLimitCycles.toLocaleString('en-US')} cycles`,
      share: c.cyclesSinceInstall / c.lifeLimitCycles,
    });
  }
  return parts;
}

export function ComponentsCard({
  device,
  canManage,
}: {
  device: DeviceDetail;
  canManage: boolean;
}) {
  // Installed units first, then the removed ones, newest removal first.
  const units = [...device.components].sort(
    (a, b) =>
      Number(a.removedAt !== null) - Number(b.removedAt !== null) ||
      (b.removedAt ?? b.installedAt).localeCompare(a.removedAt ?? a.installedAt),
  );
  const { shown, toggle } = useFirstRows(units, 10, 'units');
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Components</CardTitle>
          <CardDescription>
            Units installed and removed; removals for failure feed each type’s reliability model.
          </CardDescription>
        </div>
        {canManage && <InstallComponentDialog deviceId={device.id} />}
      </CardHeader>
      <CardContent>
        {units.length === 0 ? (
          <p className="text-sm text-muted-foreground">No component recorded.</p>
        ) : (
          <Table>
            <caption className="sr-only">Components, installed first</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Component</TableHead>
                <TableHead scope="col">Installed</TableHead>
                <TableHead scope="col" className="text-right">
                  Hours since install
                </TableHead>
                <TableHead scope="col">Life limit</TableHead>
                <TableHead scope="col">Removal</TableHead>
                {canManage && (
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((c) => (
                <TableRow key={c.id} className={cn(c.removedAt && 'text-muted-foreground')}>
                  <TableCell className="align-top">
                    <span className="font-medium">{c.name}</span>
                    <div className="text-xs text-muted-foreground">
                      {[
                        c.ataChapter && `ATA ${c.ataChapter}`,
                        c.partNumber && `P/N ${c.partNumber}`,
                        c.serialNumber && `S/N ${c.serialNumber}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </TableCell>
                  <TableCell className="align-top whitespace-nowrap">
                    {formatDate(c.installedAt)}
                  </TableCell>
                  <TableCell className="align-top text-right tabular-nums">
                    {c.hoursSinceInstall.toFixed(1)}
                  </TableCell>
                  <TableCell className="align-top text-xs">
                    {lifeText(c).length === 0 ? (
                      <span className="text-muted-foreground">None</span>
                    ) : (
                      lifeText(c).map((p) => (
                        <div
                          key={p.text}
                          className={cn(p.share >= 1 && 'font-medium text-red-700')}
                        >
                          {p.text}
                        </div>
                      ))
                    )}
                  </TableCell>
                  <TableCell className="align-top text-xs whitespace-nowrap">
                    {c.removedAt ? (
                      <>
                        {formatDate(c.removedAt)}
                        <div>{c.removalReason ? REMOVAL_LABELS[c.removalReason] : ''}</div>
                      </>
                    ) : (
                      'Installed'
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell className="align-top text-right">
                      {!c.removedAt && <RemoveComponentDialog deviceId={device.id} component={c} />}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {toggle}
      </CardContent>
    </Card>
  );
}
