import { DatabaseBackup, Gauge, Link2, ScanText, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';

/** One line of the card; its title and status are `system.<id>.title` / `.status`. */
interface ConfigItem {
  id: 'confidence' | 'ocr' | 'ledger' | 'backup';
  icon: LucideIcon;
  /** Where it is configured, and the key of the link's label; absent when there is nothing yet. */
  configure?: { to: string; label: 'system.backup.configure' };
}

const ITEMS: ConfigItem[] = [
  { id: 'confidence', icon: Gauge },
  { id: 'ocr', icon: ScanText },
  { id: 'ledger', icon: Link2 },
  {
    id: 'backup',
    icon: DatabaseBackup,
    configure: { to: '/settings', label: 'system.backup.configure' },
  },
];

export function SystemConfiguration() {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('system.title')}</CardTitle>
        <CardDescription>{t('system.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {ITEMS.map(({ id, icon: Icon, configure }) => (
            <li
              key={id}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="grid gap-0.5">
                  <p className="text-sm font-medium">{t(`system.${id}.title`)}</p>
                  <p className="text-sm text-muted-foreground">{t(`system.${id}.status`)}</p>
                </div>
              </div>
              {configure && (
                <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
                  <Link to={configure.to} aria-label={t(configure.label)}>
                    {t('system.configure')}
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
