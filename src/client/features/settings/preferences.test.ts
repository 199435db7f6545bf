import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPreferences, PREFERENCES_STORAGE_KEY, TIMEZONES } from './preferences';
import { storedTheme } from './stored-preferences';

const store = (value: string) => window.localStorage.setItem(PREFERENCES_STORAGE_KEY, value);

// Stored objects near the schema: right and wrong values for its fields, and fields it ignores.
const field = fc.oneof(
  fc.boolean(),
  fc.constantFrom('light', 'dark', 'auto', 'UTC-5', 'UTC+0', 'fr', 'YYYY-MM-DD', 'Dark', ''),
  fc.integer(),
  fc.constant(null),
);
const storedPreferences = fc.dictionary(
  fc.constantFrom(
    'emailNotifications',
    'complianceAlerts',
    'documentUpdates',
    'systemMaintenance',
    'timezone',
    'language',
    'theme',
    'dateFormat',
    'fontSize',
  ),
  field,
);

describe('the theme put on the page at start', () => {
  afterEach(() => window.localStorage.clear());

  it('is the theme the settings screen reads, whatever the browser stored', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          storedPreferences.map((value) => JSON.stringify(value)),
          fc.json(),
          fc.string(),
        ),
        (raw) => {
          store(raw);
          expect(storedTheme()).toBe(loadPreferences().theme);
        },
      ),
    );
  });

  it('is the stored theme when every stored value is valid, and light when one is not', () => {
    store(JSON.stringify({ theme: 'dark', timezone: TIMEZONES[0].value }));
    expect(storedTheme()).toBe('dark');
    store(JSON.stringify({ theme: 'dark', timezone: 'UTC+13' }));
    expect(storedTheme()).toBe('light');
    window.localStorage.clear();
    expect(storedTheme()).toBe('light');
  });
});
