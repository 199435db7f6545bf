import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, CloudUpload } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_TEXT_MAX } from '@shared/checklist/types';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { saveItem } from './use-checklist';

/** Quiet time after the last keystroke before a save is sent. */
export const AUTOSAVE_DELAY_MS = 800;

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  | { kind: 'conflict'; theirs: string; message: string };

/**
 * A comments or findings box saved as you type: debounced, flushed on blur and when the item
 * closes, with a visible state. A conflicting save by someone else shows their text and lets the
 * user keep theirs (saved on top) or take the other.
 */
export function AutosaveField({
  itemNumber,
  field,
  label,
  serverValue,
  readOnly,
  placeholder,
}: {
  itemNumber: string;
  field: 'comments' | 'findings';
  label: string;
  serverValue: string;
  readOnly: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('checklist');
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState(serverValue);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const draftRef = useRef(draft);
  const syncedRef = useRef(serverValue);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Someone else's change arrives: take it unless the user is in the middle of their own.
  useEffect(() => {
    if (draftRef.current === syncedRef.current && serverValue !== syncedRef.current) {
      draftRef.current = serverValue;
      setDraft(serverValue);
    }
    syncedRef.current = serverValue;
  }, [serverValue]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = draftRef.current;
    if (value === syncedRef.current) {
      setState((prev) => (prev.kind === 'saving' ? { kind: 'saved' } : prev));
      return;
    }
    setState({ kind: 'saving' });
    try {
      const outcome = await saveItem(queryClient, itemNumber, { [field]: value });
      if (outcome.kind === 'conflict') {
        syncedRef.current = outcome.current[field];
        setState({ kind: 'conflict', theirs: outcome.current[field], message: outcome.message });
        return;
      }
      syncedRef.current = outcome.item[field];
      setState(draftRef.current === value ? { kind: 'saved' } : { kind: 'saving' });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ApiError ? error.userMessage : t('autosave.unreachable'),
      });
    }
  }, [field, itemNumber, queryClient, t]);

  // Save what is pending when the item closes or the screen changes.
  useEffect(() => () => void flush(), [flush]);

  // Closing or reloading the tab mid-save would lose the last words: ask first.
  const unsaved = state.kind === 'saving' || state.kind === 'conflict' || state.kind === 'error';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const onChange = (value: string) => {
    draftRef.current = value;
    setDraft(value);
    if (state.kind === 'conflict') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    setState({ kind: 'saving' });
  };

  const keepMine = () => {
    setState({ kind: 'idle' });
    void flush();
  };
  const takeTheirs = () => {
    if (state.kind !== 'conflict') return;
    draftRef.current = state.theirs;
    setDraft(state.theirs);
    setState({ kind: 'saved' });
  };

  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <SaveStatus state={state} />
      </div>
      <Textarea
        id={id}
        value={draft}
        readOnly={readOnly}
        maxLength={CHECKLIST_TEXT_MAX}
        placeholder={readOnly ? undefined : placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => void flush()}
        className="min-h-24"
        aria-describedby={`${id}-state`}
      />
      {draft.length > CHECKLIST_TEXT_MAX * 0.9 && (
        <p className="text-xs text-muted-foreground">
          {t('autosave.characters', {
            length: formatNumber(draft.length),
            max: formatNumber(CHECKLIST_TEXT_MAX),
          })}
        </p>
      )}
      {state.kind === 'conflict' && (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <p className="font-medium text-amber-900">{state.message}</p>
          <p className="text-amber-900/80">{t(`autosave.theirs.${field}`)}</p>
          <blockquote className="max-h-32 overflow-y-auto whitespace-pre-wrap rounded bg-white/70 p-2 text-foreground">
            {state.theirs || <em>{t('autosave.empty')}</em>}
          </blockquote>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={keepMine}>
              {t('autosave.keepMine')}
            </Button>
            <Button size="sm" variant="outline" onClick={takeTheirs}>
              {t('autosave.useTheirs')}
            </Button>
          </div>
        </div>
      )}
      <span id={`${id}-state`} className="sr-only" aria-live="polite">
        {state.kind === 'saved'
          ? t(`autosave.fieldSaved.${field}`)
          : state.kind === 'error'
            ? state.message
            : ''}
      </span>
    </div>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('checklist');
  if (state.kind === 'saving') {
    return (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        {/* Static on purpose: a spinning icon would repaint every frame while the user types. */}
        <CloudUpload aria-hidden className="size-3" /> {t('autosave.saving')}
      </span>
    );
  }
  if (state.kind === 'saved') {
    return (
      <span className="flex items-center gap-1 text-xs text-emerald-700">
        <Check aria-hidden className="size-3" /> {t('autosave.saved')}
      </span>
    );
  }
  if (state.kind === 'error') {
    return (
      <span className="flex items-center gap-1 text-xs text-destructive">
        <AlertTriangle aria-hidden className="size-3" />{' '}
        {t('autosave.notSaved', { message: state.message })}
      </span>
    );
  }
  if (state.kind === 'conflict') {
    return (
      <span className="flex items-center gap-1 text-xs text-amber-700">
        <AlertTriangle aria-hidden className="size-3" /> {t('autosave.conflict')}
      </span>
    );
  }
  return null;
}
