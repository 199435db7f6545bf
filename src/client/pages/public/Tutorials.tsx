import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../features/marketing/brand';
import { QUICK_START_MINUTES, TUTORIAL_MINUTES, TUTORIALS } from '../../features/marketing/content';
import { TutorialGrid } from '../../features/marketing/guides';
import {
  FaqList,
  QuickStartList,
  useQuickStartTitle,
} from '../../features/marketing/help-sections';
import {
  PageHero,
  PublicLayout,
  SectionHeading,
  TRIAL_HREF,
} from '../../features/marketing/PublicLayout';
import { usePublicText } from '../../i18n/lite';

/** Tutorials (spec: product-core §2.4): the written guides, the quick start and the FAQ. */
export default function Tutorials() {
  const t = usePublicText('marketing');
  const quickStartTitle = useQuickStartTitle();
  useDocumentTitle(t('tutorials.documentTitle'));
  return (
    <PublicLayout>
      <PageHero
        eyebrow={t('tutorials.hero.eyebrow')}
        title={t('tutorials.hero.title')}
        lead={t('tutorials.hero.lead', { min: TUTORIAL_MINUTES.min, max: TUTORIAL_MINUTES.max })}
      >
        <div className="mb-6 flex flex-wrap gap-2 text-xs text-sky-100">
          <span className="inline-flex items-center gap-1.5 rounded-full border border-white/15 bg-white/5 px-3 py-1">
            <Clock aria-hidden className="size-3.5" />{' '}
            {t('tutorials.hero.quickStart', { minutes: QUICK_START_MINUTES })}
          </span>
          <span className="rounded-full border border-white/15 bg-white/5 px-3 py-1">
            {t('tutorials.hero.guideCount', { count: TUTORIALS.length })}
          </span>
        </div>
      </PageHero>

      <section
        aria-labelledby="quick-start"
        className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20"
      >
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <p className="text-xs font-semibold uppercase tracking-[0.16em] text-sky-700">
              {t('tutorials.quickStart.eyebrow')}
            </p>
            <h2
              id="quick-start"
              className="mt-2 text-2xl font-bold tracking-tight text-primary sm:text-3xl"
            >
              {quickStartTitle}
            </h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              {t('tutorials.quickStart.lead')}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild>
                <a href={TRIAL_HREF}>{t('tutorials.quickStart.startTrial')}</a>
              </Button>
              <Button asChild variant="outline">
                <Link to="/getting-started?tab=support">
                  {t('tutorials.quickStart.support')} <ArrowRight aria-hidden />
                </Link>
              </Button>
            </div>
          </div>
          <QuickStartList />
        </div>
      </section>

      <section aria-labelledby="guides" className="border-y bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <SectionHeading
            id="guides"
            eyebrow={t('tutorials.guides.eyebrow')}
            title={t('tutorials.guides.title')}
            lead={t('tutorials.guides.lead')}
          />
          <div className="mt-12">
            <TutorialGrid tutorials={TUTORIALS} />
          </div>
        </div>
      </section>

      <section aria-labelledby="faq" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <SectionHeading
          id="faq"
          eyebrow={t('tutorials.faq.eyebrow')}
          title={t('tutorials.faq.title')}
          lead={t('tutorials.faq.lead')}
        />
        <div className="mt-12">
          <FaqList />
        </div>
      </section>
    </PublicLayout>
  );
}
