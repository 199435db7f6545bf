import { AlertTriangle, FileCheck2, FileUp, ShieldCheck, Sparkles } from 'lucide-react';
import type { SmartAuditResponse } from '@shared/api/document-generation';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';

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
  const { summary } = result;
  const percent = summary.total ? Math.round((summary.compliant / summary.total) * 100) : 0;
  return (
    <section aria-label="Audit results" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <ResultCard
        icon={ShieldCheck}
        label="Compliance Status"
        value={`${percent}%`}
        detail={`${summary.compliant} of ${summary.total} required documents on file`}
        tone="bg-green-100 text-green-800"
      />
      <ResultCard
        icon={FileCheck2}
        label="Generated Documents"
        value={String(summary.documentsGenerated)}
        detail="Drafts from your records, to review"
        badge={
          summary.aiPowered ? (
            <Badge variant="info">
              <Sparkles aria-hidden className="size-3" /> AI-powered
            </Badge>
          ) : undefined
        }
        tone="bg-sky-100 text-sky-800"
      />
      <ResultCard
        icon={FileUp}
        label="Upload Requests"
        value={String(summary.documentsNeeded)}
        detail="Documents only your organization can supply"
        tone="bg-amber-100 text-amber-800"
      />
      <ResultCard
        icon={AlertTriangle}
        label="Critical Issues"
        value={String(summary.criticalIssues)}
        detail="Missing documents at CRITICAL priority"
        tone="bg-red-100 text-red-800"
      />
    </section>
  );
}
