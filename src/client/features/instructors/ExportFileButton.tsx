import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ApiError, throwIfNotOk } from '../../lib/api';

/** Fetches the file's PDF so a failure becomes a message, then saves it under the server's name. */
async function downloadFilePdf(id: string): Promise<void> {
  const res = await fetch(`/api/instructors/${id}/file.pdf`, { credentials: 'include' });
  await throwIfNotOk(res);
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = match?.[1] ?? 'instructor-file.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Export PDF: the person's 142.73(b) file with its ledger proofs, as an inspector reads it. */
export function ExportFileButton({ instructorId }: { instructorId: string }) {
  const { t } = useTranslation('instructors');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFilePdf(instructorId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.userMessage : t('export.tryAgain'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="outline" disabled={busy} onClick={() => void run()}>
        <Download aria-hidden /> {busy ? t('export.busy') : t('export.label')}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t('export.failed', { error })}
        </p>
      )}
    </div>
  );
}
