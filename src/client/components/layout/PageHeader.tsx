import { Download, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasScopedAccess } from '../../features/auditor-access/scope-label';
import { useAuth } from '../../features/auth/use-auth';
import { ReportDialog } from '../../features/reports/ReportDialog';
import { Button } from '../ui/button';
import { NotificationBell } from './NotificationBell';

export function PageHeader({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('common');
  const { can, user } = useAuth();
  return (
    <header className="flex flex-col gap-3 border-b bg-card px-6 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      <div className="flex items-center gap-2">
        {can('manageDocuments') && (
          <Button asChild>
            <Link to="/document-import">
              <Plus /> {t('shell.newImport')}
            </Link>
          </Button>
        )}
        {/* An access limited to a scope takes its proof archive from the portal. */}
        {can('exportReports') && !hasScopedAccess(user) && (
          <ReportDialog
            trigger={
              <Button variant="outline" title={t('shell.exportTitle')}>
                <Download /> {t('shell.export')}
              </Button>
            }
          />
        )}
        <NotificationBell />
      </div>
    </header>
  );
}
