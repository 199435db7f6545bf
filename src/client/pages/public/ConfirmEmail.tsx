import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { emailChangeConfirmed } from '@shared/api/account';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PublicFrame } from '../../features/users/PublicFrame';
import { apiErrorMessage, apiRequest } from '../../lib/api';

/**
 * /confirm-email: the link sent to a new address. The change happens when the person presses
 * the button, not when the page opens, so a mail scanner that follows links changes nothing.
 */
export default function ConfirmEmail() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<
    | { kind: 'idle' | 'busy' }
    | { kind: 'done'; email: string }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const { email } = await apiRequest(
        'POST',
        '/api/auth/email-change/confirm',
        { token },
        emailChangeConfirmed,
      );
      setState({ kind: 'done', email });
    } catch (error) {
      setState({ kind: 'failed', message: apiErrorMessage(error) });
    }
  }

  return (
    <PublicFrame title={t('confirmEmail.pageTitle')}>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <MailCheck aria-hidden className="size-5" /> {t('confirmEmail.title')}
          </CardTitle>
          <CardDescription>{t('confirmEmail.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {!token && (
            <p role="alert" className="text-sm text-destructive">
              {t('confirmEmail.noToken')}
            </p>
          )}
          {state.kind === 'failed' && (
            <p role="alert" className="text-sm text-destructive">
              {state.message}
            </p>
          )}
          {state.kind === 'done' ? (
            <>
              <p role="status" className="text-sm">
                {t('confirmEmail.done', { email: state.email })}
              </p>
              <Button asChild>
                <a href="/settings">{t('confirmEmail.settings')}</a>
              </Button>
            </>
          ) : (
            <Button
              onClick={() => void confirm()}
              disabled={!token || state.kind === 'busy'}
              autoFocus
            >
              {state.kind === 'busy' ? t('confirmEmail.confirming') : t('confirmEmail.submit')}
            </Button>
          )}
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
