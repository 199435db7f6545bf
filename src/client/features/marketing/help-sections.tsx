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
import { ComingBadge } from './coming';
import { FAQ_GROUPS, QUICK_START, QUICK_START_MINUTES } from './content';

export const QUICK_START_TITLE = `${QUICK_START_MINUTES}-Minute Quick Start`;

export function QuickStartList() {
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
                <span className="sr-only">Step {step.step}: </span>
                {step.title}
              </h3>
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-medium text-sky-800">
                <Clock aria-hidden className="size-3.5" />
                {step.time}
              </span>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function FaqList() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {FAQ_GROUPS.map((group) => (
        <Card key={group.category}>
          <CardHeader className="pb-1">
            <CardTitle className="text-primary">{group.category}</CardTitle>
          </CardHeader>
          <CardContent className="pb-2">
            <Accordion type="multiple">
              {group.questions.map((entry, index) => (
                <AccordionItem
                  key={entry.q}
                  value={`${group.category}-${index}`}
                  className="last:border-b-0"
                >
                  <AccordionTrigger className="py-3.5 hover:no-underline hover:text-sky-800">
                    {entry.q}
                  </AccordionTrigger>
                  <AccordionContent className="leading-relaxed text-muted-foreground">
                    {entry.a}
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

const onboardingMail = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Book a 15-minute onboarding session')}`;

const PROMISES = [
  'A free 15-minute live onboarding session for your team',
  `Dedicated support by e-mail at ${SUPPORT_EMAIL} during your first 30 days`,
  'Free help migrating the records you already have',
  'Your data exported at any time, with proofs that verify without us',
];

/** Documentation, live training, chat and e-mail, plus the onboarding promise. */
export function SupportOptions({ onOpenGuides }: { onOpenGuides?: () => void }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <SupportCard
          icon={BookOpen}
          title="Documentation"
          description="Six written guides and the answers to common questions walk through every main task, from the first sign-in to exporting an audit report."
        >
          {onOpenGuides ? (
            <Button variant="outline" onClick={onOpenGuides}>
              Browse the guides
            </Button>
          ) : (
            <Button variant="outline" asChild>
              <Link to="/tutorials">Browse the guides</Link>
            </Button>
          )}
        </SupportCard>
        <SupportCard
          icon={GraduationCap}
          title="Live Training"
          description="A free 15-minute onboarding session for you and your team, held online. Book it by e-mail with a few times that suit you."
        >
          <Button variant="outline" asChild>
            <a href={onboardingMail}>Book a session by e-mail</a>
          </Button>
        </SupportCard>
        <SupportCard
          icon={MessageCircle}
          title="Chat Support"
          coming
          description="An assistant inside Centerline that answers common questions and passes yours on to your administrators. Until then, write to e-mail support."
        />
        <SupportCard
          icon={Mail}
          title="Email Support"
          description={
            <>
              Write to us about anything, from setup questions to a record that looks wrong:{' '}
              <span className="font-medium text-foreground">{SUPPORT_EMAIL}</span>
            </>
          }
        >
          <Button variant="outline" asChild>
            <a href={`mailto:${SUPPORT_EMAIL}`} aria-label={`E-mail ${SUPPORT_EMAIL}`}>
              E-mail support
            </a>
          </Button>
        </SupportCard>
      </div>
      <section
        aria-labelledby="onboarding-promise"
        className="rounded-xl bg-gradient-to-br from-[#0b2545] to-[#13315c] p-6 text-white shadow-sm sm:p-8"
      >
        <h3 id="onboarding-promise" className="text-lg font-semibold">
          Onboarding Promise
        </h3>
        <p className="mt-1 text-sm text-slate-300">What every new customer gets, on every plan.</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex gap-2.5 text-sm leading-relaxed text-slate-100">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-sky-300" />
              {promise}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
