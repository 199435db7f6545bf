import { CheckCircle2, CircleSlash, FileUp, Wand2 } from 'lucide-react';
import type { RequirementResult, SmartAuditResponse } from '@shared/api/document-generation';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PriorityBadge } from './PriorityBadge';

function GapList({
  title,
  icon: Icon,
  codes,
  byCode,
  empty,
}: {
  title: string;
  icon: typeof Wand2;
  codes: string[];
  byCode: Map<string, RequirementResult>;
  empty: string;
}) {
  return (
    <div className="grid content-start gap-2">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        {title}
        <Badge variant="outline">{codes.length}</Badge>
      </h4>
      {codes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={title} className="grid gap-2">
          {codes.map((code) => {
            const gap = byCode.get(code);
            return (
              <li key={code} className="grid gap-1 rounded-md border p-3">
                <p className="flex items-start justify-between gap-2 text-sm font-medium">
                  <span>{gap?.title ?? code}</span>
                  {gap && <PriorityBadge priority={gap.priority} className="shrink-0" />}
                </p>
                {gap && <p className="text-xs text-muted-foreground">{gap.priorityReason}</p>}
                <p className="font-mono text-[11px] text-muted-foreground">{code}</p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

const STATUS = {
  present: { label: 'On file', icon: CheckCircle2, className: 'text-green-700' },
  missing: { label: 'Missing', icon: FileUp, className: 'text-destructive' },
  'not-applicable': {
    label: 'Not applicable',
    icon: CircleSlash,
    className: 'text-muted-foreground',
  },
} as const;

/** The document gap analysis: priority, the two lists, and what was found for each requirement. */
export function GapAnalysis({ result }: { result: SmartAuditResponse }) {
  const byCode = new Map(result.requirements.map((r) => [r.documentType, r]));
  const { documentGaps } = result;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Document Gap Analysis</CardTitle>
          <CardDescription>
            Required documents checked against 14 CFR Part 142, from your stored documents,
            checklist answers and training records.
          </CardDescription>
        </div>
        <span className="flex shrink-0 items-center gap-2 text-sm">
          <span className="text-muted-foreground">Priority</span>
          <PriorityBadge priority={documentGaps.generationPriority} />
        </span>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-6 md:grid-cols-2">
          <GapList
            title="Auto-Generated"
            icon={Wand2}
            codes={documentGaps.canAutoGenerate}
            byCode={byCode}
            empty="Nothing to draft: every document you can write yourself is on file."
          />
          <GapList
            title="Upload Required"
            icon={FileUp}
            codes={documentGaps.requiresExternalUpload}
            byCode={byCode}
            empty="Every document issued to you is on file."
          />
        </div>
        <details className="rounded-md border p-3 text-sm">
          <summary className="cursor-pointer font-medium">
            Everything checked ({result.requirements.length} requirements)
          </summary>
          <ul className="mt-3 divide-y">
            {result.requirements.map((r) => {
              const status = STATUS[r.status];
              return (
                <li key={r.documentType} className="grid gap-1 py-2">
                  <p className="flex flex-wrap items-center gap-2">
                    <status.icon aria-hidden className={`size-4 ${status.className}`} />
                    <span className="font-medium">{r.title}</span>
                    <span className={`text-xs ${status.className}`}>{status.label}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">{r.finding}</p>
                  <p className="flex flex-wrap gap-1">
                    {r.regulatoryBasis.map((c) => (
                      <Badge key={c} variant="outline" className="font-mono">
                        14 CFR {c}
                      </Badge>
                    ))}
                  </p>
                </li>
              );
            })}
          </ul>
        </details>
      </CardContent>
    </Card>
  );
}
