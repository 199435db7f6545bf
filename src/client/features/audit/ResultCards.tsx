import { AlertOctagon, CheckCircle2, Percent, TriangleAlert } from 'lucide-react';
import { overallCompliancePercent, type ComplianceAnalysisResponse } from '@shared/api/audit';
import { StatCard } from '../placeholders/StatCard';

type Result = Pick<ComplianceAnalysisResponse, 'summary' | 'checklistItems'>;

/** Spec §2 and §4: overall compliance is (compliant + partial) ÷ checklistItems, rounded. */
export function ResultCards({ result }: { result: Result }) {
  const { summary } = result;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        label="Overall Compliance"
        icon={Percent}
        value={`${overallCompliancePercent({ ...summary, checklistItems: result.checklistItems })}%`}
        hint="Compliant and partial ÷ all requirements"
      />
      <StatCard label="Critical Issues" icon={AlertOctagon} value={summary.criticalIssues} />
      <StatCard label="High Risk" icon={TriangleAlert} value={summary.highRiskIssues} />
      <StatCard
        label="Compliant"
        icon={CheckCircle2}
        value={summary.compliant}
        hint={`of ${result.checklistItems} requirements`}
      />
    </div>
  );
}
