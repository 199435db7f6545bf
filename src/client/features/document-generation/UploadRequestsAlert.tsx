import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The action-required alert: documents the organization must upload itself. */
export function UploadRequestsAlert({ requests }: { requests: string[] }) {
  const { t } = useTranslation('document-generation');
  if (requests.length === 0) return null;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden className="size-4" />
        {t('uploadRequests.title')}
      </p>
      <p className="text-sm">{t('uploadRequests.text')}</p>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {requests.map((request) => (
          <li key={request}>{request}</li>
        ))}
      </ul>
    </div>
  );
}
