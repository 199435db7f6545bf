import { BarChart3 } from 'lucide-react';
import type { FleetFiguresResponse } from '@shared/api/maintenance-insight';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../components/ui/misc';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { MonthColumns, PairedBars } from './charts';
import { DeviceFiguresTable } from './DeviceFiguresTable';
import { FleetFigureTiles } from './FleetFigureTiles';
import { availability, per100 } from './figure-format';
import { useFleetFigures } from './use-fleet';

const span = (p: { from: string; to: string }) => `${formatDate(p.from)} to ${formatDate(p.to)}`;

/** How the figures are computed, in words (docs/FLEET-FIGURES.md is the full text). */
function HowComputed() {
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="how" className="border-b-0">
        <AccordionTrigger className="py-1 text-sm">How these figures are computed</AccordionTrigger>
        <AccordionContent className="grid gap-1.5 text-muted-foreground">
          <p>
            <strong className="text-foreground">Availability</strong>: the share of scheduled
            session time not lost to discrepancies (one minus the training minutes lost written in
            the discrepancy log, over the minutes scheduled). Nothing scheduled gives no value.
          </p>
          <p>
            <strong className="text-foreground">Discrepancies per 100 hours</strong>: write-ups
            reported in the period over the hours the sessions used, times 100.
          </p>
          <p>
            <strong className="text-foreground">Failures</strong>: write-ups that put a device down
            or restricted training. <strong className="text-foreground">MTBF</strong> is hours used
            over failures; <strong className="text-foreground">MTTR</strong> is the mean time from
            report to closure of the failures closed in the period, waiting included.
          </p>
          <p>
            A session counts on the day it started and a write-up on the day it was reported, in
            UTC. A figure without a value says why instead of showing 0 or 100 %.
          </p>
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

function AnalyticsBody({ data }: { data: FleetFiguresResponse }) {
  const months = data.months;
  const chapters = data.ataChapters.map((c) => ({
    key: c.chapter,
    label: c.chapter === 'unassigned' ? 'No ATA chapter' : `ATA ${c.chapter}`,
    first: c.discrepancies,
    second: c.failures,
  }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <FleetFigureTiles fleet={data.fleet} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Availability per month</CardTitle>
            <CardDescription>Fleet, months cut to the period</CardDescription>
          </CardHeader>
          <CardContent>
            <MonthColumns
              label="Availability per month"
              months={months.map((m) => ({ month: m.month, ...m.figures.availability }))}
              show={availability}
              max={1}
              tone="bg-green-600"
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Discrepancies per 100 hours, per month</CardTitle>
            <CardDescription>Fleet, months cut to the period</CardDescription>
          </CardHeader>
          <CardContent>
            <MonthColumns
              label="Discrepancies per 100 hours per month"
              months={months.map((m) => ({
                month: m.month,
                ...m.figures.discrepanciesPer100Hours,
              }))}
              show={per100}
            />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Discrepancies and failures by ATA chapter</CardTitle>
          <CardDescription>
            Write-ups reported in the period, by the chapter written on them
          </CardDescription>
        </CardHeader>
        <CardContent>
          {chapters.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No discrepancy was reported in the period.
            </p>
          ) : (
            <PairedBars
              rows={chapters}
              label="Discrepancies and failures by ATA chapter"
              names={['Discrepancies', 'Failures']}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Reliability per device</CardTitle>
          <CardDescription>
            This period beside the previous one ({span(data.previousPeriod)})
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeviceFiguresTable devices={data.devices} />
        </CardContent>
      </Card>
    </div>
  );
}

export function AnalyticsTab() {
  const figures = useFleetFigures();
  let body;
  if (figures.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the figures" />
      </div>
    );
  } else if (figures.isError) {
    body = <QueryError error={figures.error} what="the figures" />;
  } else if (figures.data.devices.length === 0) {
    body = (
      <EmptyState icon={BarChart3} title="No maintenance history to analyse">
        Figures appear once devices are added and their sessions and discrepancies are logged.
      </EmptyState>
    );
  } else {
    body = <AnalyticsBody data={figures.data} />;
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <CardHeader className="gap-2">
          <CardTitle>Analytics</CardTitle>
          <CardDescription>
            {figures.data
              ? `From ${span(figures.data.period)}, compared with ${span(figures.data.previousPeriod)}.`
              : 'Quality figures of the fleet over a period.'}{' '}
            These are figures computed from your logs, not the output of a model.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <HowComputed />
        </CardContent>
      </Card>
      {body}
    </div>
  );
}
