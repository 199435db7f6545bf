import { useQueryClient } from '@tanstack/react-query';
import { FileText, Paperclip, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistEvidenceEntry } from '@shared/api/checklist';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatDateTime, formatNumber } from '../../lib/format';
import { AttachEvidenceDialog } from './AttachEvidenceDialog';
import { detachEvidence } from './use-checklist';

/** The documents attached to an item, each opening the stored file; editors attach and remove. */
export function EvidenceSection({
  itemNumber,
  evidence,
  canEdit,
}: {
  itemNumber: string;
  evidence: ChecklistEvidenceEntry[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('checklist');
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (entry: ChecklistEvidenceEntry) => {
    setRemoving(entry.documentId);
    try {
      await detachEvidence(queryClient, itemNumber, entry.documentId);
    } catch (error) {
      toast({
        title: t('evidence.notRemoved'),
        description: error instanceof ApiError ? error.userMessage : t('evidence.tryAgain'),
        variant: 'destructive',
      });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-label={t('evidence.sectionLabel', { number: itemNumber })} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 text-sm font-medium">
          <Paperclip aria-hidden className="size-4 text-muted-foreground" /> {t('evidence.title')}
          <span className="font-normal text-muted-foreground">
            ({formatNumber(evidence.length)})
          </span>
        </h4>
        {canEdit && (
          <AttachEvidenceDialog
            itemNumber={itemNumber}
            attached={new Set(evidence.map((e) => e.documentId))}
          />
        )}
      </div>
      {evidence.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('evidence.none')}</p>
      ) : (
        <ul className="grid gap-1.5">
          {evidence.map((entry) => (
            <li
              key={entry.documentId}
              className="flex items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
            >
              <div className="flex min-w-0 items-center gap-2">
                <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <div className="min-w-0">
                  <a
                    href={`/api/documents/${entry.documentId}/file`}
                    target="_blank"
                    rel="noreferrer"
                    className="block truncate font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {entry.name}
                  </a>
                  <p className="text-xs text-muted-foreground">
                    {entry.linkedBy
                      ? t('evidence.attachedAtBy', {
                          date: formatDateTime(entry.linkedAt),
                          name: entry.linkedBy.name,
                        })
                      : t('evidence.attachedAt', { date: formatDateTime(entry.linkedAt) })}
                  </p>
                </div>
              </div>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('evidence.remove', { name: entry.name, number: itemNumber })}
                  disabled={removing === entry.documentId}
                  onClick={() => void remove(entry)}
                >
                  <X />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
