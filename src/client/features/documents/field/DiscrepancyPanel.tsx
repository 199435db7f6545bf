import { ClipboardPen, Loader2, Send, WifiOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCREPANCY_SEVERITIES } from '@shared/api/maintenance';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { useAuth } from '../../auth/use-auth';
import { SelectBox } from '../../fleet/form-parts';
import { enqueueDiscrepancy, requestBackgroundSend } from './capture-queue';
import { useFieldDevices } from './use-field-devices';

type Severity = (typeof DISCREPANCY_SEVERITIES)[number];

/**
 * A write-up of a simulator's discrepancy log (142.59(c)(4)) made in the bay after a session:
 * kept on this device first, like a capture, and logged when the server can be reached.
 */
export function DiscrepancyPanel({ online, onQueued }: { online: boolean; onQueued: () => void }) {
  const { t } = useTranslation('documents');
  const { t: tf } = useTranslation('fleet');
  const { user, can } = useAuth();
  const allowed = can('manageDocuments') && can('readAllRecords');
  const devices = useFieldDevices(allowed);
  const ids = { device: useId(), what: useId(), session: useId(), minutes: useId() };
  const [deviceId, setDeviceId] = useState('');
  const [description, setDescription] = useState('');
  const [severity, setSeverity] = useState<Severity>('no_impact');
  const [session, setSession] = useState('');
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!allowed) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const device = devices.find((d) => d.id === deviceId);
    const lost = minutes.trim() === '' ? 0 : Number(minutes);
    if (!device) return setProblem(t('mobile.discrepancy.chooseDevice'));
    if (!description.trim()) return setProblem(t('mobile.discrepancy.describe'));
    if (!Number.isInteger(lost) || lost < 0) return setProblem(t('mobile.discrepancy.minutesBad'));
    setProblem(null);
    setSaving(true);
    try {
      await enqueueDiscrepancy(device, {
        reportedAt: new Date().toISOString(),
        reportedBy: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '',
        session: session.trim() || null,
        description: description.trim(),
        severity,
        status: 'open',
        trainingMinutesLost: lost,
      });
      void requestBackgroundSend();
      toast({
        title: t('mobile.queue.saved'),
        description: online ? t('mobile.queue.savedOnline') : t('mobile.queue.savedOffline'),
      });
      setDescription('');
      setSession('');
      setMinutes('');
      setSeverity('no_impact');
      onQueued();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardPen aria-hidden className="size-4" /> {t('mobile.discrepancy.title')}
        </CardTitle>
        <CardDescription>{t('mobile.discrepancy.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {devices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('mobile.discrepancy.noDevices')}</p>
        ) : (
          <form
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label={t('mobile.discrepancy.title')}
            className="grid gap-3"
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={ids.device}>{t('mobile.discrepancy.device')}</Label>
                <SelectBox
                  id={ids.device}
                  value={deviceId}
                  onChange={setDeviceId}
                  options={devices.map((d) => ({ value: d.id, label: d.name }))}
                  placeholder={t('mobile.discrepancy.devicePlaceholder')}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids.device}-severity`}>{t('mobile.discrepancy.severity')}</Label>
                <SelectBox
                  id={`${ids.device}-severity`}
                  value={severity}
                  onChange={(v) => setSeverity(v as Severity)}
                  options={DISCREPANCY_SEVERITIES.map((s) => ({
                    value: s,
                    label: tf(`discrepancySeverity.${s}`),
                  }))}
                />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.what}>{t('mobile.discrepancy.what')}</Label>
              <Textarea
                id={ids.what}
                rows={3}
                maxLength={4000}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={ids.session}>{t('mobile.discrepancy.session')}</Label>
                <Input
                  id={ids.session}
                  maxLength={200}
                  value={session}
                  placeholder={t('mobile.discrepancy.sessionPlaceholder')}
                  onChange={(e) => setSession(e.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={ids.minutes}>{t('mobile.discrepancy.minutes')}</Label>
                <Input
                  id={ids.minutes}
                  inputMode="numeric"
                  value={minutes}
                  onChange={(e) => setMinutes(e.target.value)}
                />
              </div>
            </div>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
            <Button type="submit" className="justify-self-start" disabled={saving}>
              {saving ? (
                <Loader2 className="animate-spin" />
              ) : online ? (
                <Send aria-hidden />
              ) : (
                <WifiOff aria-hidden />
              )}{' '}
              {online ? t('mobile.discrepancy.keep') : t('mobile.queue.saveOffline')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
