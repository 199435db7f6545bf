import { Download, FileSpreadsheet, FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
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

const FORMATS: { format: ExportFormat; label: string; icon: typeof FileText }[] = [
  { format: 'pdf', label: 'PDF report', icon: FileText },
  { format: 'xlsx', label: 'Excel workbook', icon: FileSpreadsheet },
  { format: 'csv', label: 'CSV (re-importable)', icon: Sheet },
];

/** Export Report: the whole checklist with responses, evidence and the generation time. */
export function ExportMenu() {
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const name = await downloadExport(format);
      toast({ title: 'Report exported', description: `${name} has been downloaded.` });
    } catch (error) {
      toast({
        title: 'Export failed',
        description: error instanceof ApiError ? error.userMessage : 'Try again.',
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
          <Download /> {busy ? 'Exporting…' : 'Export Report'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, label, icon: Icon }) => (
          <DropdownMenuItem key={format} onSelect={() => void run(format)}>
            <Icon aria-hidden /> {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
