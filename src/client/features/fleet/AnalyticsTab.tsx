import { BarChart3 } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
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
import { t } from '../../i18n/app';
import { formatDate } from '../../lib/format';
import { QueryError } from '../dashboard/QueryError';
import { MonthColumns, PairedBars } from './charts';
import { DeviceFiguresTable } from './DeviceFiguresTable';
import { FleetFigureTiles } from './FleetFigureTiles';
import { availability, per100 } from './figure-format';
import { useFleetFigures } from './use-fleet';

const span = (p: { from: string; to: string }) =>
  t('fleet:analytics.span', { from: formatDate(p.from), to: formatDate(p.to) });

/** The paragraphs of "How these figures are computed", in order. */
const HOW = ['availability', 'per100', 'failures', 'counting'] as const;

/** How the figures are computed, in words (docs/FLEET-FIGURES.md is the full text). */
function HowComputed() {
  const { t } = useTranslation('fleet');
  const strong = <strong className="text-foreground" />;
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="how" className="border-b-0">
        <AccordionTrigger className="py-1 text-sm">{t('analytics.how.title')}</AccordionTrigger>
        <AccordionContent className="grid gap-1.5 text-muted-foreground">
          {HOW.map((paragraph) => (
            <p key={paragraph}>
              <Trans t={t} i18nKey={`analytics.how.${paragraph}`} components={{ strong }} />
            </p>
          ))}
        </AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

function AnalyticsBody({ data }: { data: FleetFiguresResponse }) {
  const { t } = useTranslation('fleet');
  const months = data.months;
  const chapters = data.ataChapters.map((c) => ({
    key: c.chapter,
    label:
      c.chapter === 'unassigned' ? t('analytics.noAtaChapter') : t('ata', { chapter: c.chapter }),
    first: c.discrepancies,
    second: c.failures,
  }));
  return (
    <div className="grid grid-cols-1 gap-6">
      <FleetFigureTiles fleet={data.fleet} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('analytics.availabilityPerMonth')}</CardTitle>
            <CardDescription>{t('analytics.monthsCut')}</CardDescription>
          </CardHeader>
          <CardContent>
            <MonthColumns
              label={t('analytics.availabilityPerMonth')}
              months={months.map((m) => ({ month: m.month, ...m.figures.availability }))}
              show={availability}
              max={1}
              tone="bg-green-600"
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('analytics.per100PerMonth.title')}</CardTitle>
            <CardDescription>{t('analytics.monthsCut')}</CardDescription>
          </CardHeader>
          <CardContent>
            <MonthColumns
              label={t('analytics.per100PerMonth.label')}
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
          <CardTitle>{t('analytics.byAta.title')}</CardTitle>
          <CardDescription>{t('analytics.byAta.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {chapters.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('analytics.byAta.none')}</p>
          ) : (
            <PairedBars
              rows={chapters}
              label={t('analytics.byAta.title')}
              names={[t('analytics.byAta.discrepancies'), t('analytics.byAta.failures')]}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('analytics.reliability.title')}</CardTitle>
          <CardDescription>
            {t('analytics.reliability.description', { previous: span(data.previousPeriod) })}
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
  const { t } = useTranslation('fleet');
  const figures = useFleetFigures();
  let body;
  if (figures.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('analytics.loading')} />
      </div>
    );
  } else if (figures.isError) {
    body = <QueryError error={figures.error} what={t('analytics.what')} />;
  } else if (figures.data.devices.length === 0) {
    body = (
      <EmptyState icon={BarChart3} title={t('analytics.empty.title')}>
        {t('analytics.empty.body')}
      </EmptyState>
    );
  } else {
    body = <AnalyticsBody data={figures.data} />;
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <CardHeader className="gap-2">
          <CardTitle>{t('analytics.title')}</CardTitle>
          <CardDescription>
            {figures.data
              ? t('analytics.period', {
                  period: span(figures.data.period),
                  previous: span(figures.data.previousPeriod),
                })
              : t('analytics.noPeriod')}{' '}
            {t('analytics.notAModel')}
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
