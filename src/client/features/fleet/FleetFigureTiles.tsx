import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FleetFiguresResponse } from '@shared/api/maintenance-insight';
import { Card, CardContent } from '../../components/ui/card';
import {
  availability,
  availabilityChange,
  countChange,
  hours,
  hoursChange,
  per100,
  per100Change,
} from './figure-format';

type Trended = FleetFiguresResponse['fleet'];
type Figure = { value: number | null; reason: string | null };

/** A figure's value, or the server's reason it has none. */
export function FigureText({ figure, show }: { figure: Figure; show: (v: number) => string }) {
  const { t } = useTranslation('fleet');
  if (figure.value === null) {
    return (
      <span className="text-muted-foreground">
        {t('figures.noValue', { reason: figure.reason ?? '' })}
      </span>
    );
  }
  return <span className="tabular-nums">{show(figure.value)}</span>;
}

function Tile({
  label,
  value,
  details,
}: {
  label: string;
  value: ReactNode;
  details: ReactNode[];
}) {
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-1 p-4">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold">{value}</p>
        {details.map((d, i) => (
          <p key={i} className="text-xs text-muted-foreground">
            {d}
          </p>
        ))}
      </CardContent>
    </Card>
  );
}

/** One ratio with its previous value and the change; a missing side says why. */
function trendTile(
  t: TFunction<'fleet'>,
  label: string,
  key: 'availability' | 'discrepanciesPer100Hours' | 'mtbfHours' | 'mttrHours',
  fleet: Trended,
  show: (v: number) => string,
  change: (v: number) => string,
) {
  const now = fleet.figures[key];
  const before = fleet.previous[key];
  const delta = fleet.change[key] ?? null;
  return {
    label,
    value: <FigureText figure={now} show={show} />,
    details: [
      <>
        {t('figures.previousPeriod')} <FigureText figure={before} show={show} />
      </>,
      delta === null ? t('figures.noChange') : t('figures.change', { change: change(delta) }),
    ],
  };
}

export function FleetFigureTiles({ fleet }: { fleet: Trended }) {
  const { t } = useTranslation('fleet');
  const f = fleet.figures;
  const mttr = trendTile(t, t('figures.tiles.mttr'), 'mttrHours', fleet, hours, hoursChange);
  const tiles = [
    trendTile(
      t,
      t('figures.tiles.availability'),
      'availability',
      fleet,
      availability,
      availabilityChange,
    ),
    trendTile(
      t,
      t('figures.tiles.per100'),
      'discrepanciesPer100Hours',
      fleet,
      per100,
      per100Change,
    ),
    trendTile(t, t('figures.tiles.mtbf'), 'mtbfHours', fleet, hours, hoursChange),
    {
      ...mttr,
      details: [
        ...mttr.details,
        <>
          {t('figures.meanDowntime')} <FigureText figure={f.meanDowntimeHours} show={hours} />{' '}
          {t('figures.downtimeRecorded', {
            recorded: f.downtimeRecorded,
            count: f.failuresClosed,
          })}
        </>,
      ],
    },
    {
      label: t('figures.tiles.failures'),
      value: <span className="tabular-nums">{f.failures}</span>,
      details: [
        t('figures.ofDiscrepancies', { count: f.discrepancies }),
        t('figures.previousFailures', {
          value: fleet.previous.failures,
          change: countChange(f.failures - fleet.previous.failures),
        }),
        t('figures.openToday', { open: fleet.open.open, deferred: fleet.open.deferred }),
      ],
    },
    {
      label: t('figures.tiles.sessions'),
      value: <span className="tabular-nums">{f.sessions}</span>,
      details: [
        t('figures.sessionTime', {
          used: hours(f.usedMinutes / 60),
          scheduled: hours(f.scheduledMinutes / 60),
        }),
        t('figures.interruptedLost', {
          interrupted: f.sessionsInterrupted,
          lost: f.sessionsLost,
        }),
        t('figures.previousSessions', { value: fleet.previous.sessions }),
      ],
    },
  ];
  return (
    <section
      aria-label={t('figures.label')}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {tiles.map((t) => (
        <Tile key={t.label} label={t.label} value={t.value} details={t.details} />
      ))}
    </section>
  );
}
