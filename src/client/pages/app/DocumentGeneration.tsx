import { ClipboardList, Loader2, Wand2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { QueryError } from '../../features/dashboard/QueryError';
import { AuditProgress } from '../../features/document-generation/AuditProgress';
import { AuditUploadArea } from '../../features/document-generation/AuditUploadArea';
import { GapAnalysis } from '../../features/document-generation/GapAnalysis';
import { GeneratedDocumentList } from '../../features/document-generation/GeneratedDocumentList';
import { ResultCards } from '../../features/document-generation/ResultCards';
import { UploadRequestsAlert } from '../../features/document-generation/UploadRequestsAlert';
import { useLatestAudit, useSmartAudit } from '../../features/document-generation/use-smart-audit';
import { formatDateTime } from '../../lib/format';

export default function DocumentGeneration() {
  const { can } = useAuth();
  const mayRead = can('runAudit');
  const mayRun = can('generateDocuments');
  const latest = useLatestAudit({ enabled: mayRead });
  const audit = useSmartAudit();
  const result = latest.data ?? null;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Smart Audit</CardTitle>
          <CardDescription>
            The audit looks for compliance documents your organization is missing, drafts the ones
            that can be written from your own records for you to review, and lists those only you
            can supply.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {mayRun ? (
            <div>
              <Button onClick={audit.start} disabled={audit.isRunning}>
                {audit.isRunning ? <Loader2 aria-hidden className="animate-spin" /> : <Wand2 />}
                Start AI-Powered Audit
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              {mayRead
                ? 'Your role can read the audit results; admins and instructors run the audit.'
                : 'Your role cannot use document generation.'}
            </p>
          )}
          {audit.isRunning && <AuditProgress run={audit.run} />}
        </CardContent>
      </Card>

      {can('manageDocuments') && (
        <AuditUploadArea onProcessed={audit.start} disabled={audit.isRunning} />
      )}

      {mayRead &&
        (latest.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label="Loading the last audit" />
          </div>
        ) : latest.isError ? (
          <QueryError error={latest.error} what="the last audit" />
        ) : !result ? (
          <EmptyState icon={ClipboardList} title="No audit has been run yet">
            Start the audit to see which documents are missing and get drafts of the ones you can
            write yourself.
          </EmptyState>
        ) : (
          <div className="grid gap-6">
            <p className="text-sm text-muted-foreground">
              Results of the audit of {formatDateTime(result.generatedAt)} for{' '}
              {result.organizationName}.
            </p>
            <ResultCards result={result} />
            <UploadRequestsAlert requests={result.uploadRequests} />
            <GapAnalysis result={result} />
            <GeneratedDocumentList documents={result.generatedDocuments} aiNote={result.ai.note} />
          </div>
        ))}
    </div>
  );
}
