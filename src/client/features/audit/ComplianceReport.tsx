import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The Compliance Report tab: the run's report as preformatted text, and its PDF. */
export function ComplianceReport({ runId, report }: { runId: string; report: string }) {
  const { t } = useTranslation('audit');
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" asChild>
          <a href={`/api/audit/runs/${runId}/report.pdf`} download>
            <Download aria-hidden /> {t('report.downloadPdf')}
          </a>
        </Button>
      </div>
      <pre
        tabIndex={0}
        aria-label={t('report.textLabel')}
        className="max-h-[40rem] overflow-auto rounded-md border bg-muted/40 p-4 text-xs leading-relaxed whitespace-pre-wrap"
      >
        {report}
      </pre>
    </div>
  );
}
