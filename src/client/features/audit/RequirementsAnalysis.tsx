import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_STATUSES, type RequirementAnalysis } from '@shared/api/audit';
import { formatReference } from '@shared/checklist/references';
import { EmptyState } from '../../components/ui/empty-state';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { formatNumber, formatWholePercent } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useSearchParam } from '../placeholders/use-search-param';
import { ComplianceStatusBadge, RiskBadge } from './badges';

const FILTERS = ['all', ...COMPLIANCE_STATUSES] as const;

function Section({ title, items }: { title: string; items: string[] }) {
  const { t } = useTranslation('audit');
  return (
    <section className="grid gap-1">
      <h4 className="text-sm font-semibold">{title}</h4>
      {items.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {items.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('requirements.none')}</p>
      )}
    </section>
  );
}

function Detail({ analysis }: { analysis: RequirementAnalysis }) {
  const { t } = useTranslation('audit');
  return (
    <article className="grid gap-4" aria-labelledby="requirement-detail-title">
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="requirement-detail-title" className="text-base font-semibold">
            {t('requirements.item', { id: analysis.checklistItemId })}
          </h3>
          <ComplianceStatusBadge status={analysis.complianceStatus} />
          <RiskBadge risk={analysis.riskLevel} />
          <span className="text-sm text-muted-foreground">
            {t('requirements.confidence', {
              percent: formatWholePercent(Math.round(analysis.confidenceScore * 100)),
            })}
          </span>
        </div>
        <p className="text-sm">{analysis.requirement}</p>
        <p className="text-xs text-muted-foreground">{formatReference(analysis.reference)}</p>
      </header>
      <section className="grid gap-1">
        <h4 className="text-sm font-semibold">
          {t('requirements.aiAnalysis')}{' '}
          <span className="font-normal text-muted-foreground">
            {analysis.draftedBy === 'model'
              ? t('requirements.draftedByModel')
              : t('requirements.builtInRules')}
          </span>
        </h4>
        <p className="text-sm leading-relaxed whitespace-pre-line">
          {analysis.preliminaryResponse}
        </p>
      </section>
      <Section title={t('requirements.recommendations')} items={analysis.recommendations} />
      <Section title={t('requirements.requiredActions')} items={analysis.requiredActions} />
      <Section
        title={t('requirements.additionalDocuments')}
        items={analysis.additionalDocumentsNeeded}
      />
      <section className="grid gap-1">
        <h4 className="text-sm font-semibold">{t('requirements.estimatedTime')}</h4>
        <p className="text-sm">{analysis.estimatedTimeToCompliance}</p>
      </section>
    </article>
  );
}

/** The Requirements Analysis tab: every requirement with its badges, and the chosen one in detail. */
export function RequirementsAnalysis({ analyses }: { analyses: RequirementAnalysis[] }) {
  const { t } = useTranslation('audit');
  const [filter, setFilter] = useSearchParam<(typeof FILTERS)[number]>('status', 'all', FILTERS);
  const [selectedId, setSelectedId] = useSearchParam('item', '');
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(
    () => (filter === 'all' ? analyses : analyses.filter((a) => a.complianceStatus === filter)),
    [analyses, filter],
  );
  const selected = shown.find((a) => a.checklistItemId === selectedId) ?? shown[0];

  // Arrow keys move through the list; Tab leaves it.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...(listRef.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      buttons[Math.max(0, Math.min(buttons.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      event.preventDefault();
      next.focus();
      next.click();
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid content-start gap-3">
        <Select value={filter} onValueChange={setFilter}>
          <SelectTrigger aria-label={t('requirements.filter')} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">
              {t('requirements.allStatuses', { n: formatNumber(analyses.length) })}
            </SelectItem>
            {COMPLIANCE_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {t('requirements.statusOption', {
                  label: t(`status.${s}`),
                  n: formatNumber(analyses.filter((a) => a.complianceStatus === s).length),
                })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {shown.length === 0 ? (
          <EmptyState title={t('requirements.empty')} />
        ) : (
          <ul
            ref={listRef}
            onKeyDown={onKeyDown}
            aria-label={t('requirements.label')}
            className="grid max-h-[32rem] gap-1 overflow-y-auto rounded-md border p-1"
          >
            {shown.map((a) => {
              const active = a.checklistItemId === selected?.checklistItemId;
              return (
                <li key={a.checklistItemId}>
                  <button
                    type="button"
                    aria-current={active ? 'true' : undefined}
                    onClick={() => setSelectedId(a.checklistItemId)}
                    className={cn(
                      'grid w-full gap-1 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                      active && 'bg-muted',
                    )}
                  >
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="font-medium tabular-nums">{a.checklistItemId}</span>
                      <ComplianceStatusBadge status={a.complianceStatus} />
                      <RiskBadge risk={a.riskLevel} />
                    </span>
                    <span className="line-clamp-2 text-muted-foreground">{a.requirement}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="rounded-md border p-4">
        {selected ? <Detail analysis={selected} /> : null}
      </div>
    </div>
  );
}
