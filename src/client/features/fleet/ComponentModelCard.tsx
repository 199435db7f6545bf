import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PREDICTION_HORIZONS_DAYS,
  type ComponentPrediction,
} from '@shared/api/maintenance-insight';
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
import { formatDate, formatNumber, withReadableDates } from '../../lib/format';
import { probability } from './badges';
import { fixed } from './figure-format';

export const days = (n: number) => t('fleet:units.days', { value: formatNumber(Math.round(n)) });

/** The chance within `horizon` days, or a dash if the server sent none for it. */
export function chanceWithin(list: readonly { days: number; p: number }[], horizon: number) {
  const found = list.find((x) => x.days === horizon);
  return found ? probability(found.p) : '—';
}

/** One component type: its Weibull fit (or why there is none) and its installed units. */
export function ComponentModelCard({ prediction: p }: { prediction: ComponentPrediction }) {
  const { t } = useTranslation('fleet');
  const counts = t('model.history', {
    failures: t('model.failures', { count: p.failures }),
    censored: t('model.censored', { count: p.censored }),
  });
  const history = p.basis.from
    ? t('model.historyFrom', {
        history: counts,
        from: formatDate(p.basis.from),
        to: formatDate(p.basis.to),
      })
    : counts;
  const interval = (low: string, high: string) =>
    t('model.interval', { confidence: Math.round(p.model!.confidence * 100), low, high });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{p.component}</CardTitle>
        <CardDescription>{t('model.historyUsed', { history })}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {p.model ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">{t('model.shape')}</dt>
              <dd className="tabular-nums">
                <span className="font-semibold">{fixed(p.model.shape, 2)}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  {interval(fixed(p.model.shapeCi[0], 2), fixed(p.model.shapeCi[1], 2))}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('model.scale')}</dt>
              <dd className="tabular-nums">
                <span className="font-semibold">{days(p.model.scale)}</span>{' '}
                <span className="text-xs text-muted-foreground">
                  {interval(days(p.model.scaleCi[0]), days(p.model.scaleCi[1]))}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('model.meanLife')}</dt>
              <dd className="font-semibold tabular-nums">
                {p.expectedRemainingLife === null ? '—' : days(p.expectedRemainingLife)}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">
            {withReadableDates(
              p.reason?.startsWith('Not enough history')
                ? p.reason
                : t('model.noModel', { reason: p.reason ?? t('model.noReason') }),
            )}
          </p>
        )}
        {p.units.length > 0 && (
          <Table>
            <caption className="sr-only">
              {t('model.units.caption', { component: p.component })}
            </caption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t('model.units.device')}</TableHead>
                <TableHead scope="col">{t('model.units.serial')}</TableHead>
                <TableHead scope="col">{t('model.units.installed')}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t('model.units.inService')}
                </TableHead>
                {PREDICTION_HORIZONS_DAYS.map((h) => (
                  <TableHead key={h} scope="col" className="text-right">
                    {t('model.units.failsWithin', { days: h })}
                  </TableHead>
                ))}
                <TableHead scope="col" className="text-right">
                  {t('model.units.remainingLife')}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.units.map((u) => (
                <TableRow key={u.componentId}>
                  <TableCell className="whitespace-nowrap">
                    <Link to={`/fleet-insight/devices/${u.deviceId}`} className="hover:underline">
                      {u.deviceName}
                    </Link>
                  </TableCell>
                  <TableCell>{u.serialNumber ?? '—'}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(u.installedAt)}</TableCell>
                  <TableCell className="text-right tabular-nums whitespace-nowrap">
                    {days(u.ageDays)}
                  </TableCell>
                  {PREDICTION_HORIZONS_DAYS.map((h) => (
                    <TableCell key={h} className="text-right tabular-nums">
                      {chanceWithin(u.probabilityWithin, h)}
                    </TableCell>
                  ))}
                  <TableCell className="text-right tabular-nums whitespace-nowrap">
                    {days(u.expectedRemainingLife)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
