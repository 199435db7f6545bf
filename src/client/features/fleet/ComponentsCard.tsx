import { useTranslation } from 'react-i18next';
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
import { t } from '../../i18n/app';
import { formatDate, formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { InstallComponentDialog, RemoveComponentDialog } from './ComponentDialogs';
import { fixed } from './figure-format';
import { useFirstRows } from './show-more';

/** Life used against each limit given: "1234.5 of 2,000 h", "40 of 5,000 cycles". */
function lifeText(c: FleetComponent) {
  const parts: { text: string; share: number }[] = [];
  if (c.lifeLimitHours !== null) {
    parts.push({
      text: t('fleet:components.lifeHours', {
        used: fixed(c.hoursSinceInstall, 1),
        limit: formatNumber(c.lifeLimitHours),
      }),
      share: c.hoursSinceInstall / c.lifeLimitHours,
    });
  }
  if (c.lifeLimitCycles !== null) {
    parts.push({
      text: t('fleet:components.lifeCycles', {
        used: c.cyclesSinceInstall,
        limit: formatNumber(c.lifeLimitCycles),
      }),
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
  const { t } = useTranslation('fleet');
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
          <CardTitle>{t('components.title')}</CardTitle>
          <CardDescription>{t('components.description')}</CardDescription>
        </div>
        {canManage && <InstallComponentDialog deviceId={device.id} />}
      </CardHeader>
      <CardContent>
        {units.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('components.none')}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t('components.caption')}</caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('components.columns.component')}</TableHead>
                <TableHead scope="col">{t('components.columns.installed')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('components.columns.hours')}
                </TableHead>
                <TableHead scope="col">{t('components.columns.lifeLimit')}</TableHead>
                <TableHead scope="col">{t('components.columns.removal')}</TableHead>
                {canManage && (
                  <TableHead scope="col">
                    <span className="sr-only">{t('form.actions')}</span>
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
                        c.ataChapter && t('ata', { chapter: c.ataChapter }),
                        c.partNumber && t('components.partNumber', { part: c.partNumber }),
                        c.serialNumber && t('device.serial', { serial: c.serialNumber }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </TableCell>
                  <TableCell className="align-top whitespace-nowrap">
                    {formatDate(c.installedAt)}
                  </TableCell>
                  <TableCell className="align-top text-right tabular-nums">
                    {fixed(c.hoursSinceInstall, 1)}
                  </TableCell>
                  <TableCell className="align-top text-xs">
                    {lifeText(c).length === 0 ? (
                      <span className="text-muted-foreground">{t('components.noLimit')}</span>
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
                        <div>{c.removalReason ? t(`removal.${c.removalReason}`) : ''}</div>
                      </>
                    ) : (
                      t('components.installed')
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
