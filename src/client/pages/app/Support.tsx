import { formatDateTime } from '../../lib/format';
import {
  BookOpen,
  CalendarCheck,
  ChevronRight,
  Mail,
  RefreshCw,
  Rocket,
  ServerCog,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useAuth } from '../../features/auth/use-auth';
import { useApiHealth } from '../../features/support/use-api-health';
import { cn } from '../../lib/utils';

function mailto(subject: string): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

function IconTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <CardTitle className="flex items-center gap-2">
      <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4">
        {icon}
      </span>
      {children}
    </CardTitle>
  );
}

const INCLUDE = [
  'Your organization’s name and the e-mail address you sign in with.',
  'The screen you were on: copy the address from the browser’s address bar.',
  'What you did, what you expected, and what happened instead.',
  'The exact error message, any request id shown with it, and roughly when it happened.',
  'A screenshot, if it shows the problem better than words.',
];

function ApiStatus() {
  const health = useApiHealth();
  const checkedAt = health.isError ? health.errorUpdatedAt : health.dataUpdatedAt;
  const state = health.isFetching
    ? 'checking'
    : health.isSuccess
      ? 'up'
      : health.isError
        ? 'down'
        : 'checking';
  return (
    <Card>
      <CardHeader>
        <IconTitle icon={<ServerCog aria-hidden />}>System Status</IconTitle>
        <CardDescription>
          A live request from this browser to the Centerline server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div aria-live="polite" className="grid gap-1">
          <p className="flex items-center gap-2 font-medium">
            <span
              aria-hidden
              className={cn(
                'size-2.5 rounded-full',
                state === 'up' && 'bg-green-600',
                state === 'down' && 'bg-destructive',
                state === 'checking' && 'animate-pulse bg-muted-foreground',
              )}
            />
            {state === 'up'
              ? 'API reachable'
              : state === 'down'
                ? 'API not reachable'
                : 'Checking…'}
          </p>
          {checkedAt > 0 && state !== 'checking' && (
            <p className="text-xs text-muted-foreground">
              Checked at {formatDateTime(new Date(checkedAt).toISOString())}
            </p>
          )}
          {state === 'down' && (
            <p className="text-xs text-muted-foreground">
              Check your connection; if it works for other sites, e-mail us.
            </p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden className={cn(health.isFetching && 'animate-spin')} /> Check again
        </Button>
      </CardContent>
    </Card>
  );
}

export default function Support() {
  const { user } = useAuth();
  const org = user?.organizationName ? ` — ${user.organizationName}` : '';
  const docs = [
    {
      to: '/getting-started',
      icon: Rocket,
      title: 'Getting Started',
      text: 'First steps in Centerline',
    },
    { to: '/tutorials', icon: BookOpen, title: 'Tutorials', text: 'How-to guides for each screen' },
  ];

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<Mail aria-hidden />}>Email Support</IconTitle>
            <CardDescription>Questions, problems or ideas: write to us.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto grid gap-3">
            <a
              href={mailto(`Support request${org}`)}
              className="break-all text-sm font-medium text-primary underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>
            <Button asChild className="justify-self-start">
              <a href={mailto(`Support request${org}`)}>
                <Mail aria-hidden /> Email Support
              </a>
            </Button>
          </CardContent>
        </Card>

        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<CalendarCheck aria-hidden />}>Onboarding Session</IconTitle>
            <CardDescription>
              A free 15-minute session to walk your team through setting up Centerline. Book it by
              e-mail and suggest a few times that suit you.
            </CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button variant="outline" asChild>
              <a href={mailto(`Onboarding session${org}`)}>
                <CalendarCheck aria-hidden /> Book by Email
              </a>
            </Button>
          </CardContent>
        </Card>

        <Card className="md:col-span-2 lg:col-span-1">
          <CardHeader>
            <IconTitle icon={<BookOpen aria-hidden />}>Documentation</IconTitle>
            <CardDescription>Guides you can read at any time.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {docs.map((d) => (
                <li key={d.to}>
                  <Link
                    to={d.to}
                    className="flex items-center gap-3 rounded-md border p-3 transition-colors hover:bg-muted"
                  >
                    <d.icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <span className="grid flex-1">
                      <span className="text-sm font-medium">{d.title}</span>
                      <span className="text-xs text-muted-foreground">{d.text}</span>
                    </span>
                    <ChevronRight aria-hidden className="size-4 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>What to include in a support request</CardTitle>
            <CardDescription>
              These let us find the problem without a round of questions.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <ol className="grid list-decimal gap-1.5 pl-5 text-sm marker:text-muted-foreground">
              {INCLUDE.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
              Never send your password. Leave out trainees’ certificates, medical details and other
              personal data unless we ask for a specific record.
            </p>
          </CardContent>
        </Card>
        <ApiStatus />
      </div>
    </div>
  );
}
