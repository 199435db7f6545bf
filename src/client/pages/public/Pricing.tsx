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
import {
  PLAN_FEATURES,
  planActionKey,
  PRICING_FAQ,
  PRICING_REASONS,
} from '../../features/marketing/pricing-content';
import {
  PageHero,
  PublicLayout,
  SectionHeading,
  TRIAL_HREF,
} from '../../features/marketing/PublicLayout';
import { currentLanguage } from '../../i18n/language';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';

type Text = ReturnType<typeof usePublicText>;

/**
 * A plan's limit as the reader's language writes numbers (`1,000`, `1 000`). Not lib/format.ts:
 * it brings i18next, which the public pages leave out.
 */
function formatLimit(t: Text, limit: number | null): string {
  return limit === null
    ? t('pricing.plan.unlimited')
    : new Intl.NumberFormat(currentLanguage()).format(limit);
}

function PlanAction({ plan }: { plan: Plan }) {
  const t = usePublicText('marketing');
  const text = t(planActionKey(plan.id));
  const className = 'w-full';
  if (plan.id === 'trial') {
    return (
      <Button asChild variant={plan.buttonVariant} size="lg" className={className}>
        <a href={TRIAL_HREF}>{text}</a>
      </Button>
    );
  }
  return (
    <Button asChild variant={plan.buttonVariant} size="lg" className={className}>
      <a
        href={salesMailto(plan)}
        aria-label={t('pricing.plan.contactSalesLabel', { plan: t(`plans.${plan.id}.name`) })}
      >
        {text}
      </a>
    </Button>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const t = usePublicText('marketing');
  const name = t(`plans.${plan.id}.name`);
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
          {t('pricing.plan.popular')}
        </Badge>
      )}
      <h3 id={titleId} className="text-lg font-semibold text-primary">
        {name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight text-primary">{plan.price}</span>
        <span className="text-sm text-muted-foreground">{t(`plans.${plan.id}.period`)}</span>
      </p>
      <p className="mt-3 min-h-12 text-sm leading-relaxed text-muted-foreground">
        {t(`plans.${plan.id}.description`)}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3 rounded-lg bg-muted/70 p-3 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Users aria-hidden className="size-3.5" /> {t('pricing.plan.users')}
          </dt>
          <dd className="mt-0.5 font-semibold text-primary">{formatLimit(t, plan.userLimit)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <FileText aria-hidden className="size-3.5" /> {t('pricing.plan.documents')}
          </dt>
          <dd className="mt-0.5 font-semibold text-primary">
            {formatLimit(t, plan.documentLimit)}
          </dd>
        </div>
      </dl>
      <ul
        className="mt-6 grid flex-1 content-start gap-2.5"
        aria-label={t('pricing.plan.featuresLabel', { plan: name })}
      >
        {PLAN_FEATURES[plan.id].map((feature) => (
          <li key={feature} className="flex gap-2.5 text-sm">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            {t(`plans.${plan.id}.features.${feature}`)}
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
  const t = usePublicText('marketing');
  useDocumentTitle(t('pricing.documentTitle'));
  return (
    <PublicLayout>
      <PageHero
        align="center"
        eyebrow={t('pricing.hero.eyebrow')}
        title={t('pricing.hero.title')}
        lead={t('pricing.hero.lead')}
      />
      <section aria-labelledby="plans" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="plans" className="sr-only">
          {t('pricing.plans')}
        </h2>
        <div className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          {t('pricing.questions')}{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
          {t('pricing.questionsEnd')}
        </p>
      </section>

      <section aria-labelledby="why-choose" className="border-y bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <SectionHeading
            id="why-choose"
            eyebrow={t('pricing.whyChoose.eyebrow')}
            title={t('pricing.whyChoose.title')}
          />
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {PRICING_REASONS.map((reason) => (
              <div key={reason.key} className="rounded-xl border bg-background p-6">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-sky-300">
                  <reason.icon aria-hidden className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-primary">{t(`${reason.key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`${reason.key}.body`)}
                </p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section
        aria-labelledby="pricing-faq"
        className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20"
      >
        <SectionHeading
          id="pricing-faq"
          eyebrow={t('pricing.faq.eyebrow')}
          title={t('pricing.faq.title')}
        />
        <Accordion
          type="single"
          collapsible
          className="mt-10 rounded-xl border bg-card px-5 shadow-sm"
        >
          {PRICING_FAQ.map((entry, index) => (
            <AccordionItem key={entry} value={`faq-${index}`} className="last:border-b-0">
              <AccordionTrigger className="py-4 text-base hover:no-underline hover:text-sky-800">
                {t(`pricing.faq.items.${entry}.q`)}
              </AccordionTrigger>
              <AccordionContent className="leading-relaxed text-muted-foreground">
                {t(`pricing.faq.items.${entry}.a`)}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          {t('pricing.faq.more')}{' '}
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to="/getting-started?tab=faq"
          >
            {t('pricing.faq.moreLink')}
          </Link>
          {t('pricing.faq.moreEnd')}
        </p>
      </section>
    </PublicLayout>
  );
}
