import { ClipboardList, Loader2, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { HelpLink } from '../../features/support/HelpLink';

export default function DocumentGeneration() {
  const { t } = useTranslation('document-generation');
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
          <CardTitle>{t('page.title')}</CardTitle>
          <CardDescription>{t('page.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {mayRun ? (
            <div>
              <Button onClick={audit.start} disabled={audit.isRunning}>
                {audit.isRunning ? <Loader2 aria-hidden className="animate-spin" /> : <Wand2 />}
                {t('page.start')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              {mayRead ? t('page.readOnly') : t('page.noAccess')}
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
            <Spinner label={t('page.loading')} />
          </div>
        ) : latest.isError ? (
          <QueryError error={latest.error} what={t('page.what')} />
        ) : !result ? (
          <EmptyState icon={ClipboardList} title={t('page.emptyTitle')}>
            {t('page.emptyText')}
            <HelpLink article="generation" />
          </EmptyState>
        ) : (
          <div className="grid gap-6">
            <p className="text-sm text-muted-foreground">
              {t('page.results', {
                date: formatDateTime(result.generatedAt),
                organization: result.organizationName,
              })}
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
