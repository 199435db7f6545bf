import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody } from '@shared/api/errors';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import type { AlertsView } from './use-regulatory';

type Format = 'pdf' | 'xlsx';

/** Each format's label is `export.format.<format>` in the regulatory catalogue. */
const FORMATS: { format: Format; icon: typeof FileText }[] = [
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: FileSpreadsheet },
];

/** Fetches the export so a failure becomes a message, then saves it under the server's name. */
async function downloadAlerts(format: Format, status: AlertsView): Promise<string> {
  const res = await fetch(`/api/regulatory/alerts/export?format=${format}&status=${status}`, {
    credentials: 'include',
  });
  if (!res.ok) {
    const parsed = errorBody.safeParse(await res.json().catch(() => null));
    throw new ApiError(
      res.status,
      parsed.success ? parsed.data : null,
      `${res.status}: ${parsed.success ? parsed.data.message : res.statusText}`,
    );
  }
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  const name = match?.[1] ?? `regulatory-alerts.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** Export Report: the alerts of the current view as PDF or Excel. */
export function AlertsExportMenu({ status }: { status: AlertsView }) {
  const { t } = useTranslation('regulatory');
  const [busy, setBusy] = useState(false);
  const run = async (format: Format) => {
    setBusy(true);
    try {
      const name = await downloadAlerts(format, status);
      toast({ title: t('export.done'), description: t('export.doneDescription', { name }) });
    } catch (error) {
      toast({
        title: t('export.failed'),
        description: error instanceof ApiError ? error.userMessage : t('export.tryAgain'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy}>
          <Download aria-hidden /> {busy ? t('export.exporting') : t('export.trigger')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, icon: Icon }) => (
          <DropdownMenuItem key={format} onSelect={() => void run(format)}>
            <Icon aria-hidden /> {t(`export.format.${format}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
