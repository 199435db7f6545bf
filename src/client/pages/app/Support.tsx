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
import { useTranslation } from 'react-i18next';
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

/** What a support request should hold: `include.<id>` in the support catalogue. */
const INCLUDE = ['organization', 'screen', 'steps', 'error', 'screenshot'] as const;

function ApiStatus() {
  const { t } = useTranslation('support');
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
        <IconTitle icon={<ServerCog aria-hidden />}>{t('status.title')}</IconTitle>
        <CardDescription>{t('status.description')}</CardDescription>
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
              ? t('status.up')
              : state === 'down'
                ? t('status.down')
                : t('status.checking')}
          </p>
          {checkedAt > 0 && state !== 'checking' && (
            <p className="text-xs text-muted-foreground">
              {t('status.checkedAt', { date: formatDateTime(new Date(checkedAt).toISOString()) })}
            </p>
          )}
          {state === 'down' && (
            <p className="text-xs text-muted-foreground">{t('status.downAdvice')}</p>
          )}
        </div>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden className={cn(health.isFetching && 'animate-spin')} />{' '}
          {t('status.checkAgain')}
        </Button>
      </CardContent>
    </Card>
  );
}

export default function Support() {
  const { t } = useTranslation('support');
  const { user } = useAuth();
  // The e-mail's subject, in the reader's language, with the organization when there is one.
  const subject = (what: 'supportRequest' | 'onboardingSession') =>
    user?.organizationName
      ? t(`mail.${what}For`, { organization: user.organizationName })
      : t(`mail.${what}`);
  const docs = [
    {
      to: '/getting-started',
      icon: Rocket,
      title: t('docs.gettingStarted.title'),
      text: t('docs.gettingStarted.text'),
    },
    {
      to: '/tutorials',
      icon: BookOpen,
      title: t('docs.tutorials.title'),
      text: t('docs.tutorials.text'),
    },
  ];

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<Mail aria-hidden />}>{t('email.title')}</IconTitle>
            <CardDescription>{t('email.description')}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto grid gap-3">
            <a
              href={mailto(subject('supportRequest'))}
              className="break-all text-sm font-medium text-primary underline underline-offset-4"
            >
              {SUPPORT_EMAIL}
            </a>
            <Button asChild className="justify-self-start">
              <a href={mailto(subject('supportRequest'))}>
                <Mail aria-hidden /> {t('email.button')}
              </a>
            </Button>
          </CardContent>
        </Card>

        <Card className="flex flex-col">
          <CardHeader>
            <IconTitle icon={<CalendarCheck aria-hidden />}>{t('onboarding.title')}</IconTitle>
            <CardDescription>{t('onboarding.description')}</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button variant="outline" asChild>
              <a href={mailto(subject('onboardingSession'))}>
                <CalendarCheck aria-hidden /> {t('onboarding.button')}
              </a>
            </Button>
          </CardContent>
        </Card>

        <Card className="md:col-span-2 lg:col-span-1">
          <CardHeader>
            <IconTitle icon={<BookOpen aria-hidden />}>{t('docs.title')}</IconTitle>
            <CardDescription>{t('docs.description')}</CardDescription>
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
            <CardTitle>{t('include.title')}</CardTitle>
            <CardDescription>{t('include.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <ol className="grid list-decimal gap-1.5 pl-5 text-sm marker:text-muted-foreground">
              {INCLUDE.map((id) => (
                <li key={id}>{t(`include.${id}`)}</li>
              ))}
            </ol>
            <p className="rounded-md bg-muted/60 px-3 py-2 text-sm text-muted-foreground">
              {t('include.privacy')}
            </p>
          </CardContent>
        </Card>
        <ApiStatus />
      </div>
    </div>
  );
}
