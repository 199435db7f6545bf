import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PublicFrame } from '../../features/users/PublicFrame';
import { apiRequest } from '../../lib/api';

/**
 * Where `/api/logout` sends a sign-out link that came from another site (or a browser that does
 * not say where it came from): a link elsewhere must not end the session on its own, so the
 * person confirms here, and the confirmation is a same-origin POST.
 */
export default function ConfirmSignOut() {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function signOut() {
    setBusy(true);
    setFailed(false);
    try {
      await apiRequest('POST', '/api/auth/logout', {});
      window.location.assign('/');
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <PublicFrame title={t('signOut.pageTitle')}>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <LogOut aria-hidden className="size-5" /> {t('signOut.title')}
          </CardTitle>
          <CardDescription>{t('signOut.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {failed && (
            <p role="alert" className="text-sm text-destructive">
              {t('signOut.failed')}
            </p>
          )}
          <Button onClick={() => void signOut()} disabled={busy} autoFocus>
            {busy ? t('signOut.signingOut') : t('signOut.submit')}
          </Button>
          <Button asChild variant="outline">
            <a href="/dashboard">{t('signOut.stay')}</a>
          </Button>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
