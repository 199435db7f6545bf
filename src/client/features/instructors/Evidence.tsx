import { FileText, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Links to what proves an event: an uploaded document, a training event of the records. */
export function Evidence({
  documentId,
  trainingEventId,
}: {
  documentId: string | null;
  trainingEventId: string | null;
}) {
  const { t } = useTranslation('instructors');
  if (!documentId && !trainingEventId) {
    return <span className="text-xs text-muted-foreground">{t('evidence.none')}</span>;
  }
  const link = 'inline-flex items-center gap-1 text-xs text-primary hover:underline';
  return (
    <span className="flex flex-wrap gap-3">
      {documentId && (
        <Link to={`/documents/${documentId}`} className={link}>
          <FileText aria-hidden className="size-3.5" /> {t('evidence.document')}
        </Link>
      )}
      {trainingEventId && (
        <Link to={`/compliance-records/${trainingEventId}`} className={link}>
          <GraduationCap aria-hidden className="size-3.5" /> {t('evidence.trainingEvent')}
        </Link>
      )}
    </span>
  );
}
