import { AlertOctagon, CheckCircle2, Percent, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { overallCompliancePercent, type ComplianceAnalysisResponse } from '@shared/api/audit';
import { formatNumber, formatWholePercent } from '../../lib/format';
import { StatCard } from '../placeholders/StatCard';

type Result = Pick<ComplianceAnalysisResponse, 'summary' | 'checklistItems'>;

/** Spec §2 and §4: overall compliance is (compliant + partial) ÷ checklistItems, rounded. */
export function ResultCards({ result }: { result: Result }) {
  const { t } = useTranslation('audit');
  const { summary } = result;
  const overall = overallCompliancePercent({ ...summary, checklistItems: result.checklistItems });
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label={t('results.overall')}
        icon={Percent}
        value={formatWholePercent(overall)}
        hint={t('results.overallHint')}
      />
      <StatCard
        label={t('results.critical')}
        icon={AlertOctagon}
        value={formatNumber(summary.criticalIssues)}
      />
      <StatCard
        label={t('results.highRisk')}
        icon={TriangleAlert}
        value={formatNumber(summary.highRiskIssues)}
      />
      <StatCard
        label={t('results.compliant')}
        icon={CheckCircle2}
        value={formatNumber(summary.compliant)}
        hint={t('results.ofRequirements', { count: result.checklistItems })}
      />
    </div>
  );
}
