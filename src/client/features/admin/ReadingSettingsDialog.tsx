import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configurationUpdate,
  MAX_PAGES_LIMIT,
  REVIEW_THRESHOLD_PERCENT,
  type SystemConfiguration,
} from '@shared/api/configuration';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useSaveConfiguration } from './use-configuration';

type Setting = 'confidence' | 'ocr';

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Configure for the AI confidence threshold or for OCR: one of the organization's two reading
 * settings, saved together, beside the installation's facts the server's environment sets.
 */
export function ReadingSettingsDialog({
  setting,
  configuration,
}: {
  setting: Setting;
  configuration: SystemConfiguration;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveConfiguration();
  const [open, setOpen] = useState(false);
  const [threshold, setThreshold] = useState('');
  const [pages, setPages] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setThreshold(String(Math.round(configuration.reviewThreshold * 100)));
      setPages(String(configuration.maxPages));
      setError(null);
    }
    setOpen(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = configurationUpdate.safeParse({
      reviewThreshold: Number(threshold) / 100,
      maxPages: Number(pages),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      setOpen(false);
      toast({ title: t('system.saved') });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.userMessage : t('checkConnection'));
    }
  };

  const { ocr } = configuration;
  const id = `configure-${setting}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t(`system.${setting}.configure`)}>
          {t('system.configure')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`system.${setting}.title`)}</DialogTitle>
            <DialogDescription>{t(`system.${setting}.explain`)}</DialogDescription>
          </DialogHeader>
          {setting === 'confidence' ? (
            <TextField
              id={id}
              label={t('system.confidence.label')}
              hint={t('system.confidence.hint', {
                min: REVIEW_THRESHOLD_PERCENT.min,
                max: REVIEW_THRESHOLD_PERCENT.max,
              })}
              error={error ?? undefined}
              type="number"
              inputMode="numeric"
              min={REVIEW_THRESHOLD_PERCENT.min}
              max={REVIEW_THRESHOLD_PERCENT.max}
              step={1}
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
            />
          ) : (
            <>
              <dl className="grid gap-2 text-sm">
                <Fact label={t('system.ocr.engine')}>{ocr.engine}</Fact>
                <Fact label={t('system.ocr.languages')}>
                  {ocr.languages.map((code) => t(`system.ocr.language.${code}`)).join(', ')}
                </Fact>
                <Fact label={t('system.ocr.workers')}>
                  {t('system.ocr.workersValue', {
                    count: ocr.workers,
                    variable: configuration.setBy.workers,
                  })}
                </Fact>
              </dl>
              <TextField
                id={id}
                label={t('system.ocr.pageLimit')}
                hint={t('system.ocr.pageLimitHint', { max: formatNumber(MAX_PAGES_LIMIT) })}
                error={error ?? undefined}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PAGES_LIMIT}
                step={1}
                value={pages}
                onChange={(e) => setPages(e.target.value)}
              />
            </>
          )}
          <p className="text-xs text-muted-foreground">{t('system.appliesFromNow')}</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner label={t('system.saving')} />} {t('system.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
