import { BookOpen, CalendarCheck, ChevronRight, Rocket } from 'lucide-react';
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
import { HelpCentre } from '../../features/support/HelpCentre';
import { ContactCards, StatusCard, TicketsCard } from '../../features/support/SupportCards';

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

export default function Support() {
  const { t } = useTranslation('support');
  const { user } = useAuth();
  // The e-mail's subject, in the reader's language, with the organization when there is one.
  const subject = (what: 'onboardingSession') =>
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
      <ContactCards admin={user?.role === 'admin'} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <HelpCentre />
          <TicketsCard admin={user?.role === 'admin'} />
        </div>
        <div className="grid gap-6">
          <StatusCard />
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

          <Card>
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
          <Card>
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
        </div>
      </div>
    </div>
  );
}
