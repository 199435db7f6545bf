import { ClipboardCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AdminStatCards } from '../../features/admin/AdminStatCards';
import { CreateOrganizationDialog } from '../../features/admin/CreateOrganizationDialog';
import { LedgerKeyCard } from '../../features/admin/LedgerKeyCard';
import { OrganizationsTable } from '../../features/admin/OrganizationsTable';
import { SystemConfiguration } from '../../features/admin/SystemConfiguration';
import { useAdminStats } from '../../features/admin/use-admin';
import { WitnessesCard } from '../../features/admin/WitnessesCard';
import { useAuth } from '../../features/auth/use-auth';
import { ReportSchedulesCard } from '../../features/reports/ReportSchedulesCard';
import { ApiError } from '../../lib/api';

const TABS = ['overview', 'organizations', 'far-compliance'] as const;
type Tab = (typeof TABS)[number];

export default function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { user } = useAuth();
  const stats = useAdminStats();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'overview';
  const onTabChange = (next: string) =>
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  if (!user || stats.isLoading) {
    return (
      <p role="status" className="py-16 text-center text-sm text-muted-foreground">
        {t('page.loading')}
      </p>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      {stats.data ? (
        <AdminStatCards stats={stats.data} plan={user.organizationPlan} operator={user.operator} />
      ) : (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
          {t('page.statsFailed', {
            message:
              stats.error instanceof ApiError
                ? stats.error.userMessage
                : t('page.statsCheckConnection'),
          })}
        </p>
      )}

      <Tabs value={tab} onValueChange={onTabChange}>
        <TabsList className="h-auto max-w-full flex-nowrap justify-start overflow-x-auto">
          <TabsTrigger className="px-2.5 sm:px-3" value="overview">
            {t('page.tabs.overview')}
          </TabsTrigger>
          <TabsTrigger className="px-2.5 sm:px-3" value="organizations">
            {t('page.tabs.organizations')}
          </TabsTrigger>
          <TabsTrigger className="px-2.5 sm:px-3" value="far-compliance">
            {t('page.tabs.farCompliance')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid grid-cols-1 gap-6">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle>{t('page.users.title')}</CardTitle>
                <CardDescription>{t('page.users.description')}</CardDescription>
              </div>
              <Button asChild>
                <Link to="/users">
                  <Users /> {t('page.users.manage')}
                </Link>
              </Button>
            </CardHeader>
          </Card>
          <ReportSchedulesCard />
          <LedgerKeyCard />
          <WitnessesCard />
          <SystemConfiguration />
        </TabsContent>

        <TabsContent value="organizations">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle>{t('page.organizations.title')}</CardTitle>
                <CardDescription>
                  {user.operator
                    ? t('page.organizations.operatorDescription')
                    : t('page.organizations.description')}
                </CardDescription>
              </div>
              {user.operator && <CreateOrganizationDialog />}
            </CardHeader>
            <CardContent>
              <OrganizationsTable />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="far-compliance">
          <Card>
            <CardHeader>
              <CardTitle>{t('page.far.title')}</CardTitle>
              <CardDescription>
                {t('page.far.description', { organization: user.organizationName })}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm">
              <p>{t('page.far.text')}</p>
              <Button asChild variant="outline" className="justify-self-start">
                <Link to="/compliance-checklist">
                  <ClipboardCheck /> {t('page.far.open')}
                </Link>
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
