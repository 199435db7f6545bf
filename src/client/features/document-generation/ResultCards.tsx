import { AlertTriangle, FileCheck2, FileUp, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SmartAuditResponse } from '@shared/api/document-generation';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { formatNumber, formatWholePercent } from '../../lib/format';

function ResultCard({
  icon: Icon,
  label,
  value,
  detail,
  badge,
  tone,
}: {
  icon: typeof ShieldCheck;
  label: string;
  value: string;
  detail: string;
  badge?: React.ReactNode;
  tone: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4">
        <span className={`flex size-9 shrink-0 items-center justify-center rounded-md ${tone}`}>
          <Icon aria-hidden className="size-4" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums">
            {value}
            {badge}
          </p>
          <p className="text-xs text-muted-foreground">{detail}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The four result cards: compliance status, generated documents, upload requests, critical issues. */
export function ResultCards({ result }: { result: SmartAuditResponse }) {
  const { t } = useTranslation('document-generation');
  const { summary } = result;
  const percent = summary.total ? Math.round((summary.compliant / summary.total) * 100) : 0;
  return (
    <section aria-label={t('results.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <ResultCard
        icon={ShieldCheck}
        label={t('results.compliance')}
        value={formatWholePercent(percent)}
        detail={t('results.complianceDetail', {
          count: summary.total,
          compliant: formatNumber(summary.compliant),
          total: formatNumber(summary.total),
        })}
        tone="bg-green-100 text-green-800"
      />
      <ResultCard
        icon={FileCheck2}
        label={t('results.generated')}
        value={formatNumber(summary.documentsGenerated)}
        detail={t('results.generatedDetail')}
        badge={
          summary.aiPowered ? (
            <Badge variant="info">
              <Sparkles aria-hidden className="size-3" /> {t('aiPowered')}
            </Badge>
          ) : undefined
        }
        tone="bg-sky-100 text-sky-800"
      />
      <ResultCard
        icon={FileUp}
        label={t('results.uploads')}
        value={formatNumber(summary.documentsNeeded)}
        detail={t('results.uploadsDetail')}
        tone="bg-amber-100 text-amber-800"
      />
      <ResultCard
        icon={AlertTriangle}
        label={t('results.critical')}
        value={formatNumber(summary.criticalIssues)}
        detail={t('results.criticalDetail')}
        tone="bg-red-100 text-red-800"
      />
    </section>
  );
}
