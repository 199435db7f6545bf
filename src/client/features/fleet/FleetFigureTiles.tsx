import type { ReactNode } from 'react';
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
import { plural } from './badges';

type Trended = FleetFiguresResponse['fleet'];
type Figure = { value: number | null; reason: string | null };

/** A figure's value, or the server's reason it has none. */
export function FigureText({ figure, show }: { figure: Figure; show: (v: number) => string }) {
  if (figure.value === null) {
    return <span className="text-muted-foreground">No value: {figure.reason}</span>;
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
        Previous period: <FigureText figure={before} show={show} />
      </>,
      delta === null ? 'No change to compute' : `Change: ${change(delta)}`,
    ],
  };
}

export function FleetFigureTiles({ fleet }: { fleet: Trended }) {
  const f = fleet.figures;
  const mttr = trendTile('MTTR (report to closure)', 'mttrHours', fleet, hours, hoursChange);
  const tiles = [
    trendTile('Availability', 'availability', fleet, availability, availabilityChange),
    trendTile('Discrepancies per 100 h', 'discrepanciesPer100Hours', fleet, per100, per100Change),
    trendTile('MTBF', 'mtbfHours', fleet, hours, hoursChange),
    {
      ...mttr,
      details: [
        ...mttr.details,
        <>
          Mean downtime entered: <FigureText figure={f.meanDowntimeHours} show={hours} /> (
          {f.downtimeRecorded} of {plural(f.failuresClosed, 'closure')} with downtime entered)
        </>,
      ],
    },
    {
      label: 'Failures',
      value: <span className="tabular-nums">{f.failures}</span>,
      details: [
        `Of ${plural(f.discrepancies, 'discrepancy', 'discrepancies')} reported`,
        `Previous period: ${fleet.previous.failures} (${countChange(f.failures - fleet.previous.failures)})`,
        `Open today: ${fleet.open.open}, of them ${fleet.open.deferred} deferred`,
      ],
    },
    {
      label: 'Sessions',
      value: <span className="tabular-nums">{f.sessions}</span>,
      details: [
        `${hours(f.usedMinutes / 60)} used of ${hours(f.scheduledMinutes / 60)} scheduled`,
        `${f.sessionsInterrupted} interrupted, ${f.sessionsLost} lost`,
        `Previous period: ${fleet.previous.sessions}`,
      ],
    },
  ];
  return (
    <section
      aria-label="Fleet figures of the period"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {tiles.map((t) => (
        <Tile key={t.label} label={t.label} value={t.value} details={t.details} />
      ))}
    </section>
  );
}
