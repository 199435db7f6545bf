import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import {
  DATE_FORMATS,
  LANGUAGES,
  preferences,
  THEMES,
  type PreferencesResponse,
} from '@shared/api/preferences';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/misc';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { toast } from '../../components/ui/use-toast';
import { applyServerError, FormError } from '../users/form-errors';
import { useSavePreferences } from './preferences';
import { timezoneOptions, withZone } from './timezones';
import { useUnsavedChangesGuard } from './unsaved-changes';

/** What this form edits: everything but auto-logout, which the Security card saves. */
const formSchema = preferences.omit({ autoLogoutMinutes: true });
type FormValues = ReturnType<typeof formSchema.parse>;
type SwitchName = keyof FormValues['notifications'];
type ChoiceName = 'timezone' | 'language' | 'theme' | 'dateFormat';

const SWITCHES: { name: SwitchName; label: string; description: string }[] = [
  {
    name: 'email',
    label: 'Email notifications',
    description: 'A copy of your notifications by e-mail, when the server sends e-mail.',
  },
  {
    name: 'complianceAlerts',
    label: 'Compliance alerts',
    description: 'Regulatory changes, fleet alerts and audit results.',
  },
  {
    name: 'documentUpdates',
    label: 'Document updates',
    description: 'Documents that finished processing or wait for validation.',
  },
  {
    name: 'systemMaintenance',
    label: 'System maintenance',
    description: 'Planned downtime and upgrades.',
  },
];

const LANGUAGE_LABELS = { en: 'English', es: 'Español', fr: 'Français' } as const;
const THEME_LABELS = {
  light: 'Light',
  dark: 'Dark',
  system: 'System (follow the device)',
} as const;
const DATE_EXAMPLES = {
  'MM/DD/YYYY': 'MM/DD/YYYY (11/25/2026, 02:05 PM)',
  'DD/MM/YYYY': 'DD/MM/YYYY (25/11/2026, 14:05)',
  'YYYY-MM-DD': 'YYYY-MM-DD (2026-11-25, 14:05)',
} as const;

function ChoiceField({
  control,
  name,
  label,
  options,
  hint,
}: {
  control: Control<FormValues>;
  name: ChoiceName;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}) {
  const id = `preference-${name}`;
  return (
    <FormField id={id} label={label} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent className="max-h-80">
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

function formValues(saved: PreferencesResponse): FormValues {
  return {
    timezone: saved.timezone,
    language: saved.language,
    theme: saved.theme,
    dateFormat: saved.dateFormat,
    notifications: { ...saved.notifications },
  };
}

/**
 * Notifications and System Preferences: one form saved on the server with Save Changes. Nothing
 * applies before Save; Cancel puts back what is saved; leaving with changes asks first.
 */
export function PreferencesForm({
  saved,
  autoLogoutMinutes,
}: {
  saved: PreferencesResponse;
  autoLogoutMinutes: number;
}) {
  const save = useSavePreferences();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: formValues(saved),
  });
  const { isDirty, isSubmitting, errors } = form.formState;
  useUnsavedChangesGuard(isDirty);

  const zones = useMemo(() => withZone(timezoneOptions(), saved.timezone), [saved.timezone]);
  const choices: {
    name: ChoiceName;
    label: string;
    options: readonly { value: string; label: string }[];
    hint?: string;
  }[] = [
    {
      name: 'timezone',
      label: 'Timezone',
      options: zones,
      hint: 'Dates and times on every screen and in exports. Stored times stay in UTC.',
    },
    {
      name: 'language',
      label: 'Language',
      options: LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] })),
      hint: 'Screens are in English for now; Spanish and French are being translated.',
    },
    {
      name: 'theme',
      label: 'Theme',
      options: THEMES.map((value) => ({ value, label: THEME_LABELS[value] })),
    },
    {
      name: 'dateFormat',
      label: 'Date format',
      options: DATE_FORMATS.map((value) => ({ value, label: DATE_EXAMPLES[value] })),
    },
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, autoLogoutMinutes });
      toast({ title: 'Preferences saved', description: 'They apply on every screen and export.' });
    } catch (error) {
      applyServerError(form.setError, error, ['timezone', 'language', 'theme', 'dateFormat']);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Preferences"
      className="grid grid-cols-1 gap-6"
    >
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>
            Which notifications reach you in the bell and by e-mail.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {SWITCHES.map(({ name, label, description }) => (
            <div key={name} className="flex items-center justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={`preference-${name}`}>{label}</Label>
                <p id={`preference-${name}-description`} className="text-sm text-muted-foreground">
                  {description}
                </p>
              </div>
              <Controller
                control={form.control}
                name={`notifications.${name}`}
                render={({ field }) => (
                  <Switch
                    id={`preference-${name}`}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    aria-describedby={`preference-${name}-description`}
                  />
                )}
              />
            </div>
          ))}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>System Preferences</CardTitle>
          <CardDescription>
            Saved to your account: they follow you to every device you sign in on.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          {choices.map((choice) => (
            <ChoiceField
              key={choice.name}
              control={form.control}
              {...choice}
              hint={errors[choice.name]?.message ?? choice.hint}
            />
          ))}
        </CardContent>
      </Card>

      <FormError message={errors.root?.message} />
      <div className="flex flex-col-reverse items-center gap-2 sm:flex-row sm:justify-end">
        {isDirty && (
          <p className="text-sm text-muted-foreground sm:mr-auto" role="status">
            Unsaved changes
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={!isDirty || isSubmitting}
          onClick={() => form.reset(formValues(saved))}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
