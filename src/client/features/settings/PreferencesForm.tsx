import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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

/** Each switch's label and description are `preferences.notifications.<name>.*` in the catalogue. */
const SWITCHES: readonly SwitchName[] = [
  'email',
  'complianceAlerts',
  'documentUpdates',
  'systemMaintenance',
];
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
  const { t } = useTranslation('settings');
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
      label: t('preferences.timezone.label'),
      options: zones,
      hint: t('preferences.timezone.hint'),
    },
    {
      name: 'language',
      label: t('preferences.language.label'),
      // Each language is named in its own words, whatever the screens are drawn in.
      options: LANGUAGES.map((value) => ({
        value,
        label: t(`preferences.language.options.${value}`),
      })),
      hint: t('preferences.language.hint'),
    },
    {
      name: 'theme',
      label: t('preferences.theme.label'),
      options: THEMES.map((value) => ({ value, label: t(`preferences.theme.options.${value}`) })),
    },
    {
      name: 'dateFormat',
      label: t('preferences.dateFormat.label'),
      options: DATE_FORMATS.map((value) => ({ value, label: DATE_EXAMPLES[value] })),
    },
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, autoLogoutMinutes });
      toast({ title: t('preferences.saved'), description: t('preferences.savedDescription') });
    } catch (error) {
      applyServerError(form.setError, error, ['timezone', 'language', 'theme', 'dateFormat']);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('preferences.form')}
      className="grid grid-cols-1 gap-6"
    >
      <Card>
        <CardHeader>
          <CardTitle>{t('preferences.notifications.title')}</CardTitle>
          <CardDescription>{t('preferences.notifications.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {SWITCHES.map((name) => (
            <div key={name} className="flex items-center justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={`preference-${name}`}>
                  {t(`preferences.notifications.${name}.label`)}
                </Label>
                <p id={`preference-${name}-description`} className="text-sm text-muted-foreground">
                  {t(`preferences.notifications.${name}.description`)}
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
          <CardTitle>{t('preferences.system.title')}</CardTitle>
          <CardDescription>{t('preferences.system.description')}</CardDescription>
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
            {t('preferences.unsaved')}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          disabled={!isDirty || isSubmitting}
          onClick={() => form.reset(formValues(saved))}
        >
          {t('preferences.cancel')}
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? t('preferences.saving') : t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}
