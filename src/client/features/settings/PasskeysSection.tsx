import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { okResponse } from '@shared/api/auth';
import { passkeyList } from '@shared/api/two-factor';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AUTH_KEY } from '../auth/use-auth';
import { passkeyErrorMessage, passkeysSupported, registerPasskey } from '../auth/passkeys';
import { TWO_FACTOR_KEY } from './TwoFactorSection';

const PASSKEYS_KEY = ['/api/auth/passkeys'] as const;

/** Settings → Security: passkeys to sign in without a password, or as the second step. */
export function PasskeysSection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: () => apiRequest('GET', '/api/auth/passkeys', undefined, passkeyList),
  });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all(
      [PASSKEYS_KEY, TWO_FACTOR_KEY, AUTH_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const add = useMutation({
    mutationFn: () => registerPasskey(name.trim()),
    onSuccess: async (key) => {
      setName('');
      setError(null);
      await refresh();
      toast({
        title: t('passkeys.added'),
        description: t('passkeys.addedDescription', { name: key.name }),
      });
    },
    onError: (e) => setError(e instanceof ApiError ? e.userMessage : passkeyErrorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest('DELETE', `/api/auth/passkeys/${encodeURIComponent(id)}`, undefined, okResponse),
    onSuccess: () => toast({ title: t('passkeys.removed') }),
    onSettled: refresh,
  });
  const supported = passkeysSupported();

  return (
    <section aria-labelledby="passkeys-title" className="grid gap-3">
      <div className="flex gap-3">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <h4 id="passkeys-title" className="text-sm font-medium">
            {t('passkeys.title')}
          </h4>
          <p className="text-sm text-muted-foreground">{t('passkeys.description')}</p>
        </div>
      </div>
      {list.data && list.data.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label={t('passkeys.list')}>
          {list.data.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="grid gap-0.5">
                <p className="text-sm font-medium">{key.name}</p>
                <p className="text-xs text-muted-foreground">
                  {[
                    t('passkeys.addedAt', { date: formatDateTime(key.createdAt) }),
                    key.lastUsedAt
                      ? t('passkeys.lastUsed', { date: formatDateTime(key.lastUsedAt) })
                      : t('passkeys.notUsed'),
                    ...(key.backedUp ? [t('passkeys.synced')] : []),
                  ].join(' · ')}
                </p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(key.id)}
                aria-label={t('passkeys.removeLabel', { name: key.name })}
              >
                {t('passkeys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) {
              setError(t('passkeys.nameRequired'));
              return;
            }
            add.mutate();
          }}
        >
          <div className="min-w-56 flex-1 sm:max-w-xs">
            <TextField
              id="passkey-name"
              label={t('passkeys.name')}
              placeholder={t('passkeys.namePlaceholder')}
              value={name}
              error={error ?? undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={add.isPending}
            className="mb-0.5"
          >
            {add.isPending ? t('passkeys.waiting') : t('passkeys.add')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{t('passkeys.unsupported')}</p>
      )}
    </section>
  );
}
