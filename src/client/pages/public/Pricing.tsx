import { Check, FileText, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS, salesMailto, SUPPORT_EMAIL, type Plan } from '@shared/constants/plans';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../components/ui/misc';
import { useDocumentTitle } from '../../features/marketing/brand';
import { PRICING_FAQ, PRICING_REASONS } from '../../features/marketing/pricing-content';
import {
  PageHero,
  PublicLayout,
  SectionHeading,
  TRIAL_HREF,
} from '../../features/marketing/PublicLayout';
import { cn } from '../../lib/utils';

function formatLimit(limit: number | null): string {
  return limit === null ? 'Unlimited' : limit.toLocaleString('en-US');
}

function PlanAction({ plan }: { plan: Plan }) {
  const className = 'w-full';
  if (plan.id === 'trial') {
    return (
      <Button asChild variant={plan.buttonVariant} size="lg" className={className}>
        <a href={TRIAL_HREF}>{plan.buttonText}</a>
      </Button>
    );
  }
  return (
    <Button asChild variant={plan.buttonVariant} size="lg" className={className}>
      <a href={salesMailto(plan)} aria-label={`${plan.buttonText} about the ${plan.name} plan`}>
        {plan.buttonText}
      </a>
    </Button>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
        plan.isPopular && 'border-primary shadow-lg ring-1 ring-primary',
      )}
    >
      {plan.isPopular && (
        <Badge className="absolute -top-3 left-6 bg-sky-400 px-3 py-1 text-[#0b2545]">
          Most Popular
        </Badge>
      )}
      <h3 id={titleId} className="text-lg font-semibold text-primary">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight text-primary">{plan.price}</span>
        <span className="text-sm text-muted-foreground">{plan.period}</span>
      </p>
      <p className="mt-3 min-h-12 text-sm leading-relaxed text-muted-foreground">
        {plan.description}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3 rounded-lg bg-muted/70 p-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Users aria-hidden className="size-3.5" /> Users
          </dt>
          <dd className="mt-0.5 font-semibold text-primary">{formatLimit(plan.userLimit)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <FileText aria-hidden className="size-3.5" /> Documents
          </dt>
          <dd className="mt-0.5 font-semibold text-primary">{formatLimit(plan.documentLimit)}</dd>
        </div>
      </dl>
      <ul
        className="mt-6 grid flex-1 content-start gap-2.5"
        aria-label={`${plan.name} plan features`}
      >
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5 text-sm">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <PlanAction plan={plan} />
      </div>
    </article>
  );
}

export default function Pricing() {
  useDocumentTitle('Pricing');
  return (
    <PublicLayout>
      <PageHero
        align="center"
        eyebrow="Pricing"
        title="Plans for every Part 142 training centre"
        lead="Start with a 30-day trial on your own records. Every plan includes OCR extraction, the verifiable training-record ledger and the Part 142 inspection checklist."
      />
      <section aria-labelledby="plans" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="plans" className="sr-only">
          Plans
        </h2>
        <div className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Questions about a plan? Write to us at{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="why-choose" className="border-y bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <SectionHeading
            id="why-choose"
            eyebrow="Why choose Centerline"
            title="Straightforward from the first day"
          />
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {PRICING_REASONS.map((reason) => (
              <div key={reason.title} className="rounded-xl border bg-background p-6">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-sky-300">
                  <reason.icon aria-hidden className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-primary">{reason.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{reason.body}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section
        aria-labelledby="pricing-faq"
        className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20"
      >
        <SectionHeading id="pricing-faq" eyebrow="FAQ" title="Questions about plans" />
        <Accordion
          type="single"
          collapsible
          className="mt-10 rounded-xl border bg-card px-5 shadow-sm"
        >
          {PRICING_FAQ.map((entry, index) => (
            <AccordionItem key={entry.q} value={`faq-${index}`} className="last:border-b-0">
              <AccordionTrigger className="py-4 text-base hover:no-underline hover:text-sky-800">
                {entry.q}
              </AccordionTrigger>
              <AccordionContent className="leading-relaxed text-muted-foreground">
                {entry.a}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          More answers in{' '}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to="/getting-started?tab=faq"
          >
            Getting Started
          </Link>
          .
        </p>
      </section>
    </PublicLayout>
  );
}
