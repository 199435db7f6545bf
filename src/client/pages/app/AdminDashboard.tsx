import { ClipboardCheck, Users } from 'lucide-react';
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
import { LedgerKeyCard } from '../../features/admin/LedgerKeyCard';
import { OrganizationsTable } from '../../features/admin/OrganizationsTable';
import { SystemConfiguration } from '../../features/admin/SystemConfiguration';
import { useAdminStats } from '../../features/admin/use-admin';
import { WitnessesCard } from '../../features/admin/WitnessesCard';
import { useAuth } from '../../features/auth/use-auth';
import { ApiError } from '../../lib/api';

const TABS = ['overview', 'organizations', 'far-compliance'] as const;
type Tab = (typeof TABS)[number];

export default function AdminDashboard() {
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
        Loading
      </p>
    );
  }

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      {stats.data ? (
        <AdminStatCards stats={stats.data} plan={user.organizationPlan} />
      ) : (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-destructive">
          The figures could not be loaded:{' '}
          {stats.error instanceof ApiError
            ? stats.error.userMessage
            : 'check your connection and reload the page.'}
        </p>
      )}

      <Tabs value={tab} onValueChange={onTabChange}>
        <TabsList className="h-auto max-w-full flex-nowrap justify-start overflow-x-auto">
          <TabsTrigger className="px-2.5 sm:px-3" value="overview">
            Overview
          </TabsTrigger>
          <TabsTrigger className="px-2.5 sm:px-3" value="organizations">
            Organizations
          </TabsTrigger>
          <TabsTrigger className="px-2.5 sm:px-3" value="far-compliance">
            FAR Compliance
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid grid-cols-1 gap-6">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
              <div className="grid gap-1.5">
                <CardTitle>Users and roles</CardTitle>
                <CardDescription>
                  Invite people, set their roles and deactivate accounts.
                </CardDescription>
              </div>
              <Button asChild>
                <Link to="/users">
                  <Users /> Manage users
                </Link>
              </Button>
            </CardHeader>
          </Card>
          <LedgerKeyCard />
          <WitnessesCard />
          <SystemConfiguration />
        </TabsContent>

        <TabsContent value="organizations">
          <Card>
            <CardHeader>
              <CardTitle>Organizations</CardTitle>
              <CardDescription>
                The organizations you administer. Users counts active and invited accounts.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <OrganizationsTable />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="far-compliance">
          <Card>
            <CardHeader>
              <CardTitle>FAR Compliance</CardTitle>
              <CardDescription>
                Part 142 inspection readiness for {user.organizationName}.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 text-sm">
              <p>
                The status of the Part 142 inspection checklist appears here once your team works
                through it: how many of its items are compliant, partial, non-compliant or still
                pending, area by area. Nothing is shown until then, so no figure here is an
                estimate.
              </p>
              <Button asChild variant="outline" className="justify-self-start">
                <Link to="/compliance-checklist">
                  <ClipboardCheck /> Open the Part 142 checklist
                </Link>
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
