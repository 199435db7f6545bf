import { useEffect, useState } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { DataManagementCard } from '../../features/settings/DataManagementCard';
import { applyStoredTheme } from '../../features/settings/preferences';
import { PreferencesForm } from '../../features/settings/PreferencesForm';
import { ProfileCard } from '../../features/settings/ProfileCard';
import { SecurityCard } from '../../features/settings/SecurityCard';

export default function Settings() {
  const { user } = useAuth();
  // Bumped when the stored preferences are cleared, so the form reads them afresh.
  const [preferencesVersion, setPreferencesVersion] = useState(0);
  useEffect(applyStoredTheme, []);
  if (!user) return null;

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6">
      <ProfileCard user={user} />
      <SecurityCard user={user} />
      <PreferencesForm key={preferencesVersion} />
      <DataManagementCard onPreferencesCleared={() => setPreferencesVersion((v) => v + 1)} />
    </div>
  );
}
