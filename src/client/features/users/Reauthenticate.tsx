import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { okResponse } from '@shared/api/auth';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { apiRequest, ApiError } from '../../lib/api';

export const needsReauthentication = (error: unknown) =>
  error instanceof ApiError && error.body?.code === 'reauthentication_required';

/**
 * For sensitive actions (another administrator's role or access): when the server answers that
 * the session must prove itself again, asks for the password, then runs the action once more.
 */
export function useReauthentication(): {
  /** Runs `action`; if the server asks for the password, asks for it and runs `action` again. */
  guard: (action: () => Promise<void>) => Promise<void>;
  dialog: ReactNode;
} {
  const { t } = useTranslation('users');
  const [pending, setPending] = useState<{
    message: string;
    retry: () => Promise<void>;
  } | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const guard = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (e) {
      if (!needsReauthentication(e)) throw e;
      setPassword('');
      setError(null);
      setPending({ message: (e as ApiError).userMessage, retry: action });
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/auth/reauthenticate', { password }, okResponse);
      const { retry } = pending;
      setPending(null);
      await retry();
    } catch (e) {
      setError(e instanceof ApiError ? e.userMessage : t('reauth.unreachable'));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('reauth.title')}</DialogTitle>
            <DialogDescription>{pending?.message}</DialogDescription>
          </DialogHeader>
          <TextField
            id="reauth-password"
            label={t('reauth.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            error={error ?? undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setPending(null)}>
              {t('reauth.cancel')}
            </Button>
            <Button type="submit" disabled={busy || password.length === 0}>
              {busy ? t('reauth.checking') : t('reauth.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
  return { guard, dialog };
}
