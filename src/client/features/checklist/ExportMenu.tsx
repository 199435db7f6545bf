import { Download, FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@shared/api/checklist';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { downloadExport } from './import-export';

/** Each format's label is `export.format.<format>` in the checklist catalogue. */
const FORMATS: { format: ExportFormat; icon: typeof FileText }[] = [
  { format: 'pdf', icon: FileText },
  { format: 'xlsx', icon: FileSpreadsheet },
  { format: 'csv', icon: Sheet },
];

/** Export Report: the whole checklist with responses, evidence and the generation time. */
export function ExportMenu() {
  const { t } = useTranslation('checklist');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const name = await downloadExport(format);
      toast({ title: t('export.done'), description: t('export.doneDescription', { name }) });
    } catch (error) {
      toast({
        title: t('export.failed'),
        description: error instanceof ApiError ? error.userMessage : t('export.tryAgain'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button disabled={busy !== null}>
          <Download /> {busy ? t('export.exporting') : t('export.trigger')}
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
