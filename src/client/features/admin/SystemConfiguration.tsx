import { DatabaseBackup, Gauge, Link2, ScanText, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';

interface ConfigItem {
  title: string;
  icon: LucideIcon;
  /** What is true today, in one line. */
  status: string;
  /** Where it is configured; absent when there is nothing to configure yet. */
  configure?: { to: string; label: string };
}

const ITEMS: ConfigItem[] = [
  {
    title: 'AI confidence threshold',
    icon: Gauge,
    status:
      '85%: extracted fields below it are flagged for review. The same for every organization; not adjustable yet.',
  },
  {
    title: 'OCR processing',
    icon: ScanText,
    status: 'Runs on this server; documents are never sent to an outside OCR service.',
  },
  {
    title: 'Ledger (tamper-evident record log)',
    icon: Link2,
    status:
      'Training records and audit entries are leaves of an append-only log per organization, signed with its key and cosigned by the witnesses you add: see Ledger signing key and Witnesses above.',
  },
  {
    title: 'Backup and security',
    icon: DatabaseBackup,
    status:
      'Scheduled backups of the whole installation to a folder of the server (Backup Settings), two-factor sign-in with authenticator apps and passkeys that you can require of everyone, sessions that end after inactivity and 12 hours after sign-in.',
    configure: { to: '/settings', label: 'Configure backup and security settings' },
  },
];

export function SystemConfiguration() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Configuration</CardTitle>
        <CardDescription>How this installation works today.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {ITEMS.map(({ title, icon: Icon, status, configure }) => (
            <li
              key={title}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="grid gap-0.5">
                  <p className="text-sm font-medium">{title}</p>
                  <p className="text-sm text-muted-foreground">{status}</p>
                </div>
              </div>
              {configure && (
                <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
                  <Link to={configure.to} aria-label={configure.label}>
                    Configure
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
