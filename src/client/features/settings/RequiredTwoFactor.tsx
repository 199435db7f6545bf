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
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PublicFrame title="Set up two-factor sign-in">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <CardTitle className="text-xl">Set up two-factor sign-in</CardTitle>
          <CardDescription>
            {user.organizationName} requires a second step at every sign-in: a code from an
            authenticator app, or a passkey. Set it up now to continue to Centerline.
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
            Sign out
          </button>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
