import { useQueryClient } from '@tanstack/react-query';
import { Archive, Download, Eraser, Users } from 'lucide-react';
import type { ReactNode } from 'react';
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
import { Separator } from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../auth/use-auth';
import { BackupSettings } from './BackupSettings';
import { forgetTheme } from './theme';

function Row({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </li>
  );
}

export function DataManagementCard() {
  const { t } = useTranslation('settings');
  const { can, user } = useAuth();
  const queryClient = useQueryClient();

  const clearCache = async () => {
    forgetTheme();
    // The browser's caches of this app (none today unless a service worker made them).
    if ('caches' in window) {
      for (const name of await window.caches.keys()) await window.caches.delete(name);
    }
    // Drops every cached answer; what is on screen is fetched again.
    await queryClient.resetQueries();
    toast({
      title: t('data.cacheCleared'),
      description: t('data.cacheClearedDescription'),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('data.title')}</CardTitle>
        <CardDescription>{t('data.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {can('manageOrganization') && (
            <Row title={t('data.export.title')} description={t('data.export.description')}>
              <Button asChild variant="outline">
                <a href="/api/admin/export" download>
                  <Archive /> {t('data.export.button')}
                </a>
              </Button>
            </Row>
          )}
          {can('exportReports') && (
            <Row title={t('data.audit.title')} description={t('data.audit.description')}>
              <Button asChild variant="outline">
                <a href="/api/audit-logs/export.csv" download>
                  <Download /> {t('data.audit.button')}
                </a>
              </Button>
            </Row>
          )}
          {can('manageOrganization') && (
            <Row title={t('data.users.title')} description={t('data.users.description')}>
              <Button asChild variant="outline">
                <Link to="/users">
                  <Users /> {t('data.users.button')}
                </Link>
              </Button>
            </Row>
          )}
          <Row title={t('data.cache.title')} description={t('data.cache.description')}>
            <Button type="button" variant="outline" onClick={clearCache}>
              <Eraser /> {t('data.cache.button')}
            </Button>
          </Row>
        </ul>
        {user?.manageInstallation && (
          <>
            <Separator className="my-4" />
            <BackupSettings />
          </>
        )}
      </CardContent>
    </Card>
  );
}
