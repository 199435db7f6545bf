import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChecklistStatus } from '@shared/checklist/types';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { saveItem } from './use-checklist';

const CHOICES: ChecklistStatus[] = ['compliant', 'partial', 'non-compliant', 'not-applicable'];

/**
 * The spec's status checkboxes: one status at a time. Ticking a box chooses that status; clearing
 * the ticked box returns the item to Pending. Native checkboxes, so Tab and Space work.
 */
export function StatusChoice({
  itemNumber,
  status,
  readOnly,
}: {
  itemNumber: string;
  status: ChecklistStatus;
  readOnly: boolean;
}) {
  const { t } = useTranslation('checklist');
  const queryClient = useQueryClient();
  const id = useId();
  const [pending, setPending] = useState<ChecklistStatus | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const shown = pending ?? status;

  const choose = async (next: ChecklistStatus) => {
    setPending(next);
    setMessage(null);
    try {
      const outcome = await saveItem(queryClient, itemNumber, { status: next });
      if (outcome.kind === 'conflict') {
        setMessage(t('item.statusTheirs', { message: outcome.message }));
      }
    } catch (error) {
      setMessage(error instanceof ApiError ? error.userMessage : t('item.statusNotSaved'));
    } finally {
      setPending(null);
    }
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={message ? `${id}-msg` : undefined}>
      <legend className="mb-1 text-sm font-medium">
        {t('item.statusLegend')}{' '}
        <span className="font-normal text-muted-foreground">{t(`status.${shown}`)}</span>
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-center gap-2 text-sm',
              readOnly && 'cursor-default opacity-70',
            )}
          >
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={shown === choice}
              disabled={readOnly}
              onChange={(e) => void choose(e.target.checked ? choice : 'pending')}
            />
            {t(`status.${choice}`)}
          </label>
        ))}
      </div>
      {message && (
        <p id={`${id}-msg`} role="alert" className="text-xs text-destructive">
          {message}
        </p>
      )}
    </fieldset>
  );
}
