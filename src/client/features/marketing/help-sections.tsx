import { BookOpen, CircleCheck, Clock, GraduationCap, Mail, MessageCircle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../components/ui/misc';
import { usePublicText } from '../../i18n/lite';
import { ComingBadge } from './coming';
import { FAQ_GROUPS, QUICK_START, QUICK_START_MINUTES } from './content';

/** The quick start's heading, "12-Minute Quick Start", in the reader's language. */
export function useQuickStartTitle() {
  const t = usePublicText('marketing');
  return t('quickStart.title', { minutes: QUICK_START_MINUTES });
}

export function QuickStartList() {
  const t = usePublicText('marketing');
  return (
    <ol className="grid gap-4">
      {QUICK_START.map((step) => (
        <li key={step.step} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-bold text-white ring-4 ring-sky-100"
          >
            {step.step}
          </span>
          <div className="grid flex-1 gap-1.5">
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <h3 className="font-semibold text-primary">
                <span className="sr-only">{t('guides.step', { number: step.step })}</span>
                {t(`quickStart.steps.${step.id}.title`)}
              </h3>
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-medium text-sky-800">
                <Clock aria-hidden className="size-3.5" />
                {t('units.minutes', { minutes: step.minutes })}
              </span>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">
              {t(`quickStart.steps.${step.id}.description`)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function FaqList() {
  const t = usePublicText('marketing');
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {FAQ_GROUPS.map((group) => (
        <Card key={group.id}>
          <CardHeader className="pb-1">
            <CardTitle className="text-primary">{t(`faq.groups.${group.id}.title`)}</CardTitle>
          </CardHeader>
          <CardContent className="pb-2">
            <Accordion type="multiple">
              {group.questions.map((entry, index) => (
                <AccordionItem
                  key={entry}
                  value={`${group.id}-${index}`}
                  className="last:border-b-0"
                >
                  <AccordionTrigger className="py-3.5 hover:no-underline hover:text-sky-800">
                    {t(`faq.groups.${group.id}.questions.${entry}.q`)}
                  </AccordionTrigger>
                  <AccordionContent className="leading-relaxed text-muted-foreground">
                    {t(`faq.groups.${group.id}.questions.${entry}.a`, { email: SUPPORT_EMAIL })}
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function SupportCard({
  icon: Icon,
  title,
  description,
  coming = false,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Not available yet: the title carries a 'Coming' badge. */
  coming?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="text-primary">{title}</CardTitle>
            {coming && <ComingBadge />}
          </div>
          <CardDescription className="leading-relaxed">{description}</CardDescription>
        </div>
      </CardHeader>
      {children && <CardFooter className="mt-auto pl-[4.75rem]">{children}</CardFooter>}
    </Card>
  );
}

/** `support.promises.<id>`: what every new customer gets. */
const PROMISES = ['session', 'email', 'migration', 'export'] as const;

/** Documentation, live training, chat and e-mail, plus the onboarding promise. */
export function SupportOptions({ onOpenGuides }: { onOpenGuides?: () => void }) {
  const t = usePublicText('marketing');
  // The subject is written in the visitor's language; the support team reads all three.
  const onboardingMail = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('support.training.subject'))}`;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <SupportCard
          icon={BookOpen}
          title={t('support.documentation.title')}
          description={t('support.documentation.description')}
        >
          {onOpenGuides ? (
            <Button variant="outline" onClick={onOpenGuides}>
              {t('support.documentation.action')}
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <Link to="/tutorials">{t('support.documentation.action')}</Link>
            </Button>
          )}
        </SupportCard>
        <SupportCard
          icon={GraduationCap}
          title={t('support.training.title')}
          description={t('support.training.description')}
        >
          <Button variant="outline" asChild>
            <a href={onboardingMail}>{t('support.training.action')}</a>
          </Button>
        </SupportCard>
        <SupportCard
          icon={MessageCircle}
          title={t('support.chat.title')}
          description={t('support.chat.description')}
        />
        <SupportCard
          icon={Mail}
          title={t('support.email.title')}
          description={
            <>
              {t('support.email.description')}{' '}
              <span className="font-medium text-foreground">{SUPPORT_EMAIL}</span>
            </>
          }
        >
          <Button variant="outline" asChild>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              aria-label={t('support.email.actionLabel', { email: SUPPORT_EMAIL })}
            >
              {t('support.email.action')}
            </a>
          </Button>
        </SupportCard>
      </div>
      <section
        aria-labelledby="onboarding-promise"
        className="rounded-xl bg-gradient-to-br from-[#0b2545] to-[#13315c] p-6 text-white shadow-sm sm:p-8"
      >
        <h3 id="onboarding-promise" className="text-lg font-semibold">
          {t('support.promise.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-300">{t('support.promise.lead')}</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex gap-2.5 text-sm leading-relaxed text-slate-100">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
              {t(`support.promise.items.${promise}`, { email: SUPPORT_EMAIL })}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
