import {
  ArrowRight,
  BadgeCheck,
  CircleCheck,
  FileBraces,
  Hash,
  KeyRound,
  ListTree,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';
import { ComingBadge, ComingNote } from './coming';
import { AUDIENCES, BENEFITS, FEATURES, HOW_IT_WORKS, PROOF_BUNDLE_PARTS } from './landing-content';
import { SectionHeading, TRIAL_HREF } from './PublicLayout';

const PROOF_ICONS = [FileBraces, Hash, ListTree, KeyRound];
const SKY_BUTTON = 'bg-sky-400 text-[#0b2545] hover:bg-sky-300';

/** An icon centred in a tile; the tile's size, shape and colours come from `className`. */
function IconTile({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return (
    <span className={cn('flex items-center justify-center', className)}>
      <Icon aria-hidden className="size-5" />
    </span>
  );
}

/** The secondary call to action on a navy band. */
function OutlineLinkOnNavy({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button
      asChild
      size="lg"
      variant="outline"
      className="border-white/30 bg-transparent text-white hover:bg-white/10"
    >
      <Link to={to}>{children}</Link>
    </Button>
  );
}

function ProofPanel() {
  const t = usePublicText('marketing');
  return (
    <div className="rounded-2xl border border-white/15 bg-white/[0.06] p-6 shadow-2xl shadow-black/20 backdrop-blur sm:p-7">
      <div className="flex items-center gap-3">
        <IconTile
          icon={BadgeCheck}
          className="size-10 rounded-lg bg-emerald-400/15 text-emerald-300"
        />
        <div>
          <h2 className="font-semibold text-white">{t('landing.proof.title')}</h2>
          <p className="text-sm text-slate-300">{t('landing.proof.subtitle')}</p>
        </div>
      </div>
      <ol className="relative mt-6 grid gap-4 before:absolute before:bottom-5 before:left-[1.125rem] before:top-5 before:w-px before:bg-sky-300/30">
        {PROOF_BUNDLE_PARTS.map((part, index) => {
          const Icon = PROOF_ICONS[index] ?? Hash;
          return (
            <li key={part} className="relative flex items-center gap-4">
              <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full border border-sky-300/40 bg-[#0f2e55] text-sky-300">
                <Icon aria-hidden className="size-4" />
              </span>
              <div>
                <p className="text-sm font-medium text-white">
                  {t(`landing.proof.parts.${part}.label`)}
                </p>
                <p className="text-xs text-slate-400">{t(`landing.proof.parts.${part}.detail`)}</p>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="mt-6 rounded-lg bg-black/20 px-4 py-3 text-sm leading-relaxed text-slate-300">
        {t('landing.proof.note')}
      </p>
    </div>
  );
}

/** The observed product adds a timestamp so every entry is a fresh navigation. */
function enterPlatformHref() {
  return `/dashboard?t=${Date.now()}`;
}

export function Hero({ host }: { host: string }) {
  const t = usePublicText('marketing');
  const navigate = useNavigate();
  // The href is a fallback for opening in a new tab; a plain click takes the time of the click.
  const enter = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(enterPlatformHref());
  };
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-[#0b2545] via-[#0f2e55] to-[#13315c] text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(56,189,248,0.2),transparent_55%)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.45fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs text-slate-200">
            <span
              aria-hidden
              className="size-2 shrink-0 rounded-full bg-emerald-400 shadow-[0_0_0_3px_rgba(52,211,153,0.25)]"
            />
            <span className="truncate">
              {t('landing.hero.availableAt')} <span className="font-mono text-white">{host}</span>
            </span>
          </p>
          <p className="mt-6 text-xs font-semibold uppercase tracking-[0.18em] text-sky-300">
            {t('landing.hero.eyebrow')}
          </p>
          <h1 className="mt-3 text-4xl font-bold leading-[1.1] tracking-tight sm:text-5xl">
            {t('landing.hero.titleStart')}
            <span className="text-sky-300">{t('landing.hero.titleEmphasis')}</span>
            {t('landing.hero.titleEnd')}
          </h1>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-slate-300 sm:text-lg">
            {t('landing.hero.lead')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg" className={SKY_BUTTON}>
              <Link to={enterPlatformHref()} onClick={enter}>
                {t('landing.hero.enter')} <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" className="bg-white text-[#0b2545] hover:bg-slate-100">
              <a href={TRIAL_HREF}>{t('landing.startTrial')}</a>
            </Button>
            <OutlineLinkOnNavy to="/tutorials">{t('landing.hero.learn')}</OutlineLinkOnNavy>
          </div>
          <p className="mt-5 text-sm text-slate-400">{t('landing.hero.terms')}</p>
        </div>
        <ProofPanel />
      </div>
    </section>
  );
}

const SECTION_BODY = 'mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24';

type LandingSectionProps = ComponentProps<typeof SectionHeading> & {
  id: string;
  band?: boolean;
  children: ReactNode;
};

/** A landing-page section titled by its heading; `band` sets it on a white strip across the page. */
function LandingSection({ band, children, ...heading }: LandingSectionProps) {
  const body = (
    <>
      <SectionHeading {...heading} />
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={heading.id} className="border-y bg-white">
      <div className={SECTION_BODY}>{body}</div>
    </section>
  ) : (
    <section aria-labelledby={heading.id} className={SECTION_BODY}>
      {body}
    </section>
  );
}

export function FeatureSection() {
  const t = usePublicText('marketing');
  return (
    <LandingSection
      id="features"
      eyebrow={t('landing.featuresSection.eyebrow')}
      title={t('landing.featuresSection.title')}
      lead={t('landing.featuresSection.lead')}
    >
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <article
            key={feature.key}
            className="rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <IconTile icon={feature.icon} className="size-11 rounded-lg bg-primary text-sky-300" />
            <h3 className="mt-5 text-lg font-semibold text-primary">{t(`${feature.key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {t(`${feature.key}.body`)}
            </p>
          </article>
        ))}
      </div>
      <ol
        aria-label={t('landing.howItWorks.label')}
        className="mt-14 grid gap-4 rounded-xl border bg-muted/60 p-6 sm:grid-cols-2 lg:grid-cols-4"
      >
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-100 text-xs font-bold text-sky-800"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold text-primary">
                {t(`landing.howItWorks.steps.${step}.title`)}
              </p>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t(`landing.howItWorks.steps.${step}.body`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

export function WhyChooseSection() {
  const t = usePublicText('marketing');
  return (
    <LandingSection
      band
      id="why-choose"
      eyebrow={t('landing.whyChoose.eyebrow')}
      title={t('landing.whyChoose.title')}
      lead={t('landing.whyChoose.lead')}
    >
      <div className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((benefit) => (
          <div key={benefit.key}>
            <IconTile
              icon={benefit.icon}
              className="size-10 rounded-lg bg-sky-50 text-sky-700 ring-1 ring-sky-100"
            />
            <h3 className="mt-4 font-semibold text-primary">{t(`${benefit.key}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {t(`${benefit.key}.body`)}
            </p>
            {benefit.coming && (
              <ComingNote className="mt-3">{t(`${benefit.key}.coming`)}</ComingNote>
            )}
          </div>
        ))}
      </div>
    </LandingSection>
  );
}

export function AudienceSection() {
  const t = usePublicText('marketing');
  return (
    <LandingSection
      id="audiences"
      eyebrow={t('landing.audiencesSection.eyebrow')}
      title={t('landing.audiencesSection.title')}
      lead={t('landing.audiencesSection.lead')}
    >
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {AUDIENCES.map((audience) => (
          <article
            key={audience.key}
            className="flex flex-col rounded-xl border bg-card p-6 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <IconTile
                icon={audience.icon}
                className="size-10 rounded-full bg-primary/5 text-primary ring-1 ring-primary/10"
              />
              <h3 className="text-lg font-semibold text-primary">{t(`${audience.key}.title`)}</h3>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">{t(`${audience.key}.body`)}</p>
            <ul className="mt-4 grid gap-2.5 border-t pt-4">
              {audience.points.map((point) => (
                <li key={point} className="flex gap-2 text-sm">
                  <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {t(`${audience.key}.points.${point}`)}
                </li>
              ))}
              {audience.coming?.map((point) => (
                <li key={point} className="flex items-start gap-2 text-sm">
                  <ComingBadge className="mt-px" /> {t(`${audience.key}.coming.${point}`)}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}

export function ClosingCta() {
  const t = usePublicText('marketing');
  return (
    <section aria-labelledby="closing-cta" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-2xl bg-gradient-to-br from-[#0b2545] to-[#13315c] px-6 py-12 text-center text-white shadow-lg sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_bottom,rgba(56,189,248,0.2),transparent_60%)]"
        />
        <div className="relative">
          <h2 id="closing-cta" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('landing.closing.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-slate-300">
            {t('landing.closing.body')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" className={SKY_BUTTON}>
              <a href={TRIAL_HREF}>{t('landing.startTrial')}</a>
            </Button>
            <OutlineLinkOnNavy to="/pricing">{t('landing.closing.compare')}</OutlineLinkOnNavy>
          </div>
        </div>
      </div>
    </section>
  );
}
