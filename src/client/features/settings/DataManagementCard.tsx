import { useQueryClient } from '@tanstack/react-query';
import { Archive, Download, Eraser, Users } from 'lucide-react';
import type { ReactNode } from 'react';
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
  const { can } = useAuth();
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
      title: 'Cache cleared',
      description: 'Cached data was reloaded. Your saved preferences are kept on your account.',
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Data Management</CardTitle>
        <CardDescription>
          Take your records with you and manage what this browser keeps.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {can('manageOrganization') && (
            <Row
              title="Export Data"
              description="Everything your organization holds, as one ZIP: every table as JSON and CSV, the stored documents, and the ledger with a script that verifies it offline."
            >
              <Button asChild variant="outline">
                <a href="/api/admin/export" download>
                  <Archive /> Export Data (ZIP)
                </a>
              </Button>
            </Row>
          )}
          {can('exportReports') && (
            <Row
              title="Audit trail"
              description="Sign-ins, account changes and record changes, as a CSV file."
            >
              <Button asChild variant="outline">
                <a href="/api/audit-logs/export.csv" download>
                  <Download /> Export audit trail (CSV)
                </a>
              </Button>
            </Row>
          )}
          {can('manageOrganization') && (
            <Row
              title="Users"
              description="Invite people, set their roles and deactivate accounts."
            >
              <Button asChild variant="outline">
                <Link to="/users">
                  <Users /> Manage users
                </Link>
              </Button>
            </Row>
          )}
          <Row
            title="Cache"
            description="Reload cached data and empty what this browser keeps for Centerline."
          >
            <Button type="button" variant="outline" onClick={clearCache}>
              <Eraser /> Clear Cache
            </Button>
          </Row>
        </ul>
        {can('manageOrganization') && (
          <>
            <Separator className="my-4" />
            <BackupSettings />
          </>
        )}
      </CardContent>
    </Card>
  );
}
