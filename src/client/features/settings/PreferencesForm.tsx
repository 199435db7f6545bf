import { zodResolver } from '@hookform/resolvers/zod';
import { MonitorSmartphone } from 'lucide-react';
import { Controller, useForm, type Control } from 'react-hook-form';
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
import {
  DATE_FORMATS,
  LANGUAGES,
  loadPreferences,
  preferencesSchema,
  savePreferences,
  THEMES,
  TIMEZONES,
  type Preferences,
} from './preferences';

type SwitchName =
  'emailNotifications' | 'complianceAlerts' | 'documentUpdates' | 'systemMaintenance';
type ChoiceName = 'timezone' | 'language' | 'theme' | 'dateFormat';

const SWITCHES: { name: SwitchName; label: string; description: string }[] = [
  {
    name: 'emailNotifications',
    label: 'Email notifications',
    description: 'A copy of your notifications by e-mail.',
  },
  {
    name: 'complianceAlerts',
    label: 'Compliance alerts',
    description: 'Regulatory changes and checklist deadlines.',
  },
  {
    name: 'documentUpdates',
    label: 'Document updates',
    description: 'When imported documents finish processing.',
  },
  {
    name: 'systemMaintenance',
    label: 'System maintenance',
    description: 'Planned downtime and upgrades.',
  },
];

const CHOICES: {
  name: ChoiceName;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}[] = [
  { name: 'timezone', label: 'Timezone', options: TIMEZONES },
  {
    name: 'language',
    label: 'Language',
    options: LANGUAGES,
    hint: 'Centerline is in English for now; Spanish and French are coming.',
  },
  { name: 'theme', label: 'Theme', options: THEMES },
  { name: 'dateFormat', label: 'Date format', options: DATE_FORMATS },
];

function DeviceNote({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <MonitorSmartphone aria-hidden className="size-3.5 shrink-0" />
      {children}
    </p>
  );
}

function ChoiceField({
  control,
  name,
  label,
  options,
  hint,
}: {
  control: Control<Preferences>;
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
            <SelectContent>
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

/** Notifications and System Preferences: one form, kept in this browser until the server stores them. */
export function PreferencesForm() {
  const form = useForm<Preferences>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: loadPreferences(),
  });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    savePreferences(values);
    form.reset(values);
    toast({ title: 'Preferences saved', description: 'Saved on this device.' });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>
            Which notifications you want. Centerline does not send e-mail yet.
          </CardDescription>
          <DeviceNote>Saved on this device</DeviceNote>
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
                name={name}
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
            The theme applies at once; the other choices are kept for when screens use them.
          </CardDescription>
          <DeviceNote>Saved on this device</DeviceNote>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          {CHOICES.map((choice) => (
            <ChoiceField key={choice.name} control={form.control} {...choice} />
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
          Cancel
        </Button>
        <Button type="submit" disabled={!isDirty}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
