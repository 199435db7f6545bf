import { ArrowRight, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../features/marketing/brand';
import { QUICK_START_MINUTES, TUTORIAL_MINUTES, TUTORIALS } from '../../features/marketing/content';
import { TutorialGrid } from '../../features/marketing/guides';
import { FaqList, QUICK_START_TITLE, QuickStartList } from '../../features/marketing/help-sections';
import {
  PageHero,
  PublicLayout,
  SectionHeading,
  TRIAL_HREF,
} from '../../features/marketing/PublicLayout';

/** Tutorials (spec: product-core §2.4): the written guides, the quick start and the FAQ. */
export default function Tutorials() {
  useDocumentTitle('Tutorials');
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Getting Started"
        title="Learn how Centerline works"
        lead={`Six written guides of ${TUTORIAL_MINUTES.min} to ${TUTORIAL_MINUTES.max} minutes each take you through the main tasks, from the first sign-in to handing an inspector a proof.`}
      >
        <div className="mb-6 flex flex-wrap gap-2 text-xs text-sky-100">
          <span className="inline-flex items-center gap-1.5 rounded-full border border-white/15 bg-white/5 px-3 py-1">
            <Clock aria-hidden className="size-3.5" /> {QUICK_START_MINUTES}-minute quick start
          </span>
          <span className="rounded-full border border-white/15 bg-white/5 px-3 py-1">
            {TUTORIALS.length} written guides
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
              Start here
            </p>
            <h2
              id="quick-start"
              className="mt-2 text-2xl font-bold tracking-tight text-primary sm:text-3xl"
            >
              {QUICK_START_TITLE}
            </h2>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              Four steps from an empty installation to your first training record in the
              tamper-evident ledger. Then pick the guide for whatever you do next.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button asChild>
                <a href={TRIAL_HREF}>Start Free Trial</a>
              </Button>
              <Button asChild variant="outline">
                <Link to="/getting-started?tab=support">
                  Support options <ArrowRight aria-hidden />
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
            eyebrow="Tutorials"
            title="Written step-by-step guides"
            lead="No videos to sit through: open a guide and follow the steps beside the screen."
          />
          <div className="mt-12">
            <TutorialGrid tutorials={TUTORIALS} />
          </div>
        </div>
      </section>

      <section aria-labelledby="faq" className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <SectionHeading
          id="faq"
          eyebrow="FAQ"
          title="Frequently asked questions"
          lead="Grouped by topic. Select a question to show its answer."
        />
        <div className="mt-12">
          <FaqList />
        </div>
      </section>
    </PublicLayout>
  );
}
