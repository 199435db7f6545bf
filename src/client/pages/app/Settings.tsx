import { useAuth } from '../../features/auth/use-auth';
import { DataManagementCard } from '../../features/settings/DataManagementCard';
import { PreferencesForm } from '../../features/settings/PreferencesForm';
import { ProfileCard } from '../../features/settings/ProfileCard';
import { SecurityCard } from '../../features/settings/SecurityCard';

export default function Settings() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <ProfileCard user={user} />
      <SecurityCard user={user} />
      <PreferencesForm saved={user.preferences} autoLogoutMinutes={user.autoLogoutMinutes} />
      <DataManagementCard />
    </div>
  );
}
