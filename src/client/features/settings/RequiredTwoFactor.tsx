import { useTranslation } from 'react-i18next';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { signOut, useAuth } from '../auth/use-auth';
import { PublicFrame } from '../users/PublicFrame';
import { Separator } from '../../components/ui/misc';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * What a signed-in user sees when their organization requires two-factor sign-in and they have
 * none yet: the set-up itself, before any other screen (the server refuses the rest until then).
 */
export default function RequiredTwoFactor() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PublicFrame title={t('required.title')}>
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle className="text-xl">{t('required.title')}</CardTitle>
          <CardDescription>
            {t('required.description', { organization: user.organizationName })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TwoFactorSection email={user.email} />
          <Separator />
          <PasskeysSection />
          <button
            type="button"
            onClick={signOut}
            className="justify-self-start text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('required.signOut')}
          </button>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
