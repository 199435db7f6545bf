import { ArrowLeft, BookOpen, CircleHelp, LifeBuoy, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../features/marketing/brand';
import { TUTORIAL_MINUTES, TUTORIALS } from '../../features/marketing/content';
import { TutorialGrid } from '../../features/marketing/guides';
import {
  FaqList,
  QUICK_START_TITLE,
  QuickStartList,
  SupportOptions,
} from '../../features/marketing/help-sections';
import { PageHero, PublicLayout } from '../../features/marketing/PublicLayout';

const TABS = [
  { value: 'quick-start', label: 'Quick Start', icon: Rocket },
  { value: 'tutorials', label: 'Video Tutorials', icon: BookOpen },
  { value: 'faq', label: 'FAQ', icon: CircleHelp },
  { value: 'support', label: 'Support', icon: LifeBuoy },
] as const;
type TabValue = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

function PanelHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-8 max-w-3xl">
      <h2 className="text-2xl font-bold tracking-tight text-primary">{title}</h2>
      <p className="mt-2 leading-relaxed text-muted-foreground">{children}</p>
    </div>
  );
}

/** Getting Started (spec: product-core §2.4): four tabs; the open tab lives in the query string. */
export default function GettingStarted() {
  useDocumentTitle('Getting Started');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'quick-start';
  const selectTab = (value: string) => {
    setParams(value === 'quick-start' ? {} : { tab: value }, { replace: true });
  };

  return (
    <PublicLayout>
      <PageHero
        eyebrow="Getting Started"
        title="Getting started with Centerline"
        lead="Set up your organization, invite your team and create your first verifiable training record, then go deeper with the written guides."
      >
        <Button
          asChild
          variant="ghost"
          size="sm"
          className="mb-6 -ml-3 text-sky-100 hover:bg-white/10 hover:text-white"
        >
          <Link to="/">
            <ArrowLeft aria-hidden /> Back to Home
          </Link>
        </Button>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList
            aria-label="Getting started sections"
            className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto"
          >
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-9 px-4">
                <Icon aria-hidden className="size-4" /> {label}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="quick-start" className="mt-10">
            <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
              <div>
                <PanelHeading title={QUICK_START_TITLE}>
                  Four steps from an empty installation to your first training record in the
                  tamper-evident ledger.
                </PanelHeading>
                <QuickStartList />
              </div>
              <aside
                aria-label="Before you begin"
                className="h-fit rounded-xl border bg-white p-6 shadow-sm"
              >
                <h3 className="font-semibold text-primary">Before you begin</h3>
                <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm leading-relaxed text-muted-foreground">
                  <li>
                    The e-mail addresses of the colleagues you want to invite, and the role each
                    should have.
                  </li>
                  <li>
                    Two or three training documents to try: a scanned form, a PDF or a spreadsheet.
                  </li>
                  <li>
                    A few minutes with someone who knows the records, to check the extracted fields.
                  </li>
                </ul>
                <Button
                  className="mt-5 w-full"
                  variant="outline"
                  onClick={() => selectTab('tutorials')}
                >
                  Read the written guides
                </Button>
              </aside>
            </div>
          </TabsContent>

          <TabsContent value="tutorials" className="mt-10">
            <PanelHeading title="Written walk-throughs">
              These tutorials are written, step-by-step guides rather than videos, so you can follow
              them beside the screen at your own pace. Each one takes between {TUTORIAL_MINUTES.min}{' '}
              and {TUTORIAL_MINUTES.max} minutes.
            </PanelHeading>
            <TutorialGrid tutorials={TUTORIALS} />
          </TabsContent>

          <TabsContent value="faq" className="mt-10">
            <PanelHeading title="Frequently asked questions">
              Answers grouped by topic. Select a question to show its answer.
            </PanelHeading>
            <FaqList />
          </TabsContent>

          <TabsContent value="support" className="mt-10">
            <PanelHeading title="Support">
              Help in the form that suits you, from the written guides to a live session with us.
            </PanelHeading>
            <SupportOptions onOpenGuides={() => selectTab('tutorials')} />
          </TabsContent>
        </Tabs>
      </div>
    </PublicLayout>
  );
}
