import { DatabaseBackup, Gauge, Link2, ScanText, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemConfiguration as Configuration } from '@shared/api/configuration';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber, formatWholePercent } from '../../lib/format';
import { errorText } from '../dashboard/QueryError';
import { HeadHistoryDialog } from './HeadHistoryDialog';
import { ReadingSettingsDialog } from './ReadingSettingsDialog';
import { useConfiguration } from './use-configuration';

type ItemId = 'confidence' | 'ocr' | 'ledger' | 'backup';

function Item({
  id,
  icon: Icon,
  status,
  action,
}: {
  id: ItemId;
  icon: LucideIcon;
  status: string;
  action: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <p className="text-sm font-medium">{t(`system.${id}.title`)}</p>
          <p className="text-sm text-muted-foreground">{status}</p>
        </div>
      </div>
      <div className="self-start sm:self-center">{action}</div>
    </li>
  );
}

function Items({ configuration }: { configuration: Configuration }) {
  const { t } = useTranslation('admin');
  const { ocr, security } = configuration;
  return (
    <ul className="divide-y">
      <Item
        id="confidence"
        icon={Gauge}
        status={t('system.confidence.status', {
          threshold: formatWholePercent(Math.round(configuration.reviewThreshold * 100)),
        })}
        action={<ReadingSettingsDialog setting="confidence" configuration={configuration} />}
      />
      <Item
        id="ocr"
        icon={ScanText}
        status={t('system.ocr.status', {
          languages: ocr.languages.map((code) => t(`system.ocr.language.${code}`)).join(', '),
          count: ocr.workers,
          pages: formatNumber(configuration.maxPages),
        })}
        action={<ReadingSettingsDialog setting="ocr" configuration={configuration} />}
      />
      <Item
        id="ledger"
        icon={Link2}
        status={t('system.ledger.status')}
        action={<HeadHistoryDialog />}
      />
      <Item
        id="backup"
        icon={DatabaseBackup}
        status={t(
          security.twoFactorRequired ? 'system.backup.statusRequired' : 'system.backup.status',
          { count: security.sessionMaxHours },
        )}
        action={
          <Button asChild variant="outline" size="sm">
            <Link to="/settings" aria-label={t('system.backup.configure')}>
              {t('system.configure')}
            </Link>
          </Button>
        }
      />
    </ul>
  );
}

/** The four settings of the installation an admin sees and, where they are the organization's, changes. */
export function SystemConfiguration() {
  const { t } = useTranslation('admin');
  const configuration = useConfiguration();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('system.title')}</CardTitle>
        <CardDescription>{t('system.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {configuration.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('system.loading')} />
          </div>
        ) : configuration.isError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
            {t('system.failed')} {errorText(configuration.error)}
          </p>
        ) : (
          <Items configuration={configuration.data} />
        )}
      </CardContent>
    </Card>
  );
}
