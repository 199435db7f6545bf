import {
  CheckCircle2,
  CornerDownRight,
  Link2,
  Link2Off,
  ListTree,
  TriangleAlert,
} from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { summarizeLinks, type LinkStatus } from '../../features/links/links';
import { NotYetAvailable } from '../../features/placeholders/NotYetAvailable';
import { StatCard } from '../../features/placeholders/StatCard';

// This version has no link-check API: every figure below is counted from this empty list.
const LINKS: readonly LinkStatus[] = [];

export default function LinkMonitor() {
  const totals = summarizeLinks(LINKS);
  return (
    <div className="grid gap-6">
      <NotYetAvailable title="Link checks are not running in this version yet">
        Centerline will fetch each regulatory link your manuals and checklist cite, on a schedule
        and on demand, and raise an alert when a link breaks, redirects or its content changes.
      </NotYetAvailable>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total" icon={Link2} value={totals.total} hint="Links monitored" />
        <StatCard
          label="Active"
          icon={CheckCircle2}
          value={totals.active}
          hint="Answered normally"
        />
        <StatCard
          label="Issues"
          icon={TriangleAlert}
          value={totals.issues}
          hint="Broken or changed"
        />
        <StatCard
          label="Redirects"
          icon={CornerDownRight}
          value={totals.redirects}
          hint="Moved to a new address"
        />
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Active Alerts</CardTitle>
            <CardDescription>
              Broken links, redirects and changed content that need a look.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState icon={Link2Off} title="No links monitored yet">
              With no links monitored there is nothing to alert on; this list says nothing about
              whether the links in your manuals work.
            </EmptyState>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Link Status Overview</CardTitle>
            <CardDescription>Every monitored link with its latest check.</CardDescription>
          </CardHeader>
          <CardContent>
            <EmptyState icon={ListTree} title="No link checks yet">
              Each link will show its status (active, broken, redirected or changed), the HTTP
              response code and when it was last checked.
            </EmptyState>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
