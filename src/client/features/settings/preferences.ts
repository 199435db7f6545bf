import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CurrentUser } from '@shared/api/auth';
import {
  preferencesResponse,
  type Preferences,
  type PreferencesResponse,
} from '@shared/api/preferences';
import { apiRequest } from '../../lib/api';
import { setLanguage } from '../../i18n/language';
import { browserTimezone, dateDisplay, setDateDisplay } from '../../lib/format';
import { AUTH_KEY, useAuth } from '../auth/use-auth';
import { applyAndRememberTheme } from './theme';

/** Puts the user's preferences into effect: theme and language at once, dates on the next render. */
export function applyPreferences(preferences: PreferencesResponse) {
  applyAndRememberTheme(preferences.theme);
  setDateDisplay({ timezone: preferences.timezone, dateFormat: preferences.dateFormat });
  setLanguage(preferences.language);
}

/**
 * The preferences as the page shows them. Until the user has a timezone of their own, dates are
 * written in this browser's zone, the one the first sign-in saves, so that saving it changes
 * nothing on screen.
 */
function inEffect(preferences: PreferencesResponse): PreferencesResponse {
  return preferences.timezoneChosen ? preferences : { ...preferences, timezone: browserTimezone() };
}

/**
 * Keeps the page in step with the signed-in user's preferences and returns a key that changes
 * whenever the way dates are written changes, so the screen below can be drawn again. On the
 * first sign-in the timezone is taken from this browser and saved; the key stays the same then,
 * so a file being uploaded or a form being filled in that first second is not thrown away.
 */
export function useAppliedPreferences(): string {
  const { user } = useAuth();
  const save = useSavePreferences();
  const askedForZone = useRef(false);
  const preferences = user?.preferences ? inEffect(user.preferences) : undefined;
  if (preferences) {
    const current = dateDisplay();
    if (
      current.timezone !== preferences.timezone ||
      current.dateFormat !== preferences.dateFormat
    ) {
      setDateDisplay({ timezone: preferences.timezone, dateFormat: preferences.dateFormat });
    }
  }
  useEffect(() => {
    const stored = user?.preferences;
    if (!stored) return;
    applyPreferences(inEffect(stored));
    if (!stored.timezoneChosen && !askedForZone.current) {
      askedForZone.current = true;
      const { timezoneChosen: _chosen, ...chosen } = stored;
      save.mutate({ ...chosen, timezone: browserTimezone() });
    }
    // `save` changes identity on every render; the preferences decide when this runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.preferences]);
  return preferences ? `${preferences.timezone}|${preferences.dateFormat}` : 'default';
}

/** `PUT /api/settings/preferences`; the signed-in user's copy is updated with what was saved. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) =>
      apiRequest('PUT', '/api/settings/preferences', input, preferencesResponse),
    onSuccess: (saved) => {
      queryClient.setQueryData<CurrentUser | null>(AUTH_KEY, (user) =>
        user ? { ...user, preferences: saved, autoLogoutMinutes: saved.autoLogoutMinutes } : user,
      );
      applyPreferences(saved);
    },
  });
}
