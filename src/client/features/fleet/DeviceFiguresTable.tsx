import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FleetFiguresResponse } from '@shared/api/maintenance-insight';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { availability, availabilityChange, hours, hoursChange } from './figure-format';
import { FigureText } from './FleetFigureTiles';

type DeviceFigures = FleetFiguresResponse['devices'][number];
type Key = 'availability' | 'mtbfHours' | 'mttrHours';

/** The figures compared; each one's heading is `deviceFigures.columns.<key>` in the catalogue. */
const COLUMNS: {
  key: Key;
  show: (v: number) => string;
  change: (v: number) => string;
}[] = [
  { key: 'availability', show: availability, change: availabilityChange },
  { key: 'mtbfHours', show: hours, change: hoursChange },
  { key: 'mttrHours', show: hours, change: hoursChange },
];

/** Per device: availability, MTBF and MTTR now, in the previous period, and the change. */
export function DeviceFiguresTable({ devices }: { devices: readonly DeviceFigures[] }) {
  const { t } = useTranslation('fleet');
  return (
    <Table>
      <caption className="sr-only">{t('deviceFigures.caption')}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" rowSpan={2} className="align-bottom">
            {t('deviceFigures.device')}
          </TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c.key} scope="colgroup" colSpan={3} className="border-l text-center">
              {t(`deviceFigures.columns.${c.key}`)}
            </TableHead>
          ))}
          <TableHead scope="col" rowSpan={2} className="border-l align-bottom text-right">
            {t('deviceFigures.failures')}
          </TableHead>
        </TableRow>
        <TableRow>
          {COLUMNS.map((c) => [
            <TableHead key={`${c.key}-now`} scope="col" className="border-l normal-case">
              {t('deviceFigures.thisPeriod')}
            </TableHead>,
            <TableHead key={`${c.key}-before`} scope="col" className="normal-case">
              {t('deviceFigures.previous')}
            </TableHead>,
            <TableHead key={`${c.key}-change`} scope="col" className="normal-case">
              {t('deviceFigures.change')}
            </TableHead>,
          ])}
        </TableRow>
      </TableHeader>
      <TableBody>
        {devices.map((d) => (
          <TableRow key={d.deviceId}>
            <TableCell className="align-top font-medium whitespace-nowrap">
              <Link to={`/fleet-insight/devices/${d.deviceId}`} className="hover:underline">
                {d.name}
              </Link>
              {d.retiredAt && (
                <div className="text-xs font-normal text-muted-foreground">
                  {t('deviceFigures.retired')}
                </div>
              )}
            </TableCell>
            {COLUMNS.map((c) => {
              const delta = d.change[c.key] ?? null;
              return [
                <TableCell key={`${c.key}-now`} className="max-w-40 border-l align-top text-xs">
                  <FigureText figure={d.figures[c.key]} show={c.show} />
                </TableCell>,
                <TableCell key={`${c.key}-before`} className="max-w-40 align-top text-xs">
                  <FigureText figure={d.previous[c.key]} show={c.show} />
                </TableCell>,
                <TableCell key={`${c.key}-change`} className="align-top text-xs whitespace-nowrap">
                  {delta === null ? (
                    <span className="text-muted-foreground">—</span>
                  ) : (
                    <span className="tabular-nums">{c.change(delta)}</span>
                  )}
                </TableCell>,
              ];
            })}
            <TableCell className="border-l align-top text-right tabular-nums">
              {d.figures.failures}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
