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
  QuickStartList,
  SupportOptions,
  useQuickStartTitle,
} from '../../features/marketing/help-sections';
import { PageHero, PublicLayout } from '../../features/marketing/PublicLayout';
import { usePublicText } from '../../i18n/lite';

/** `label`: the tab's name, `gettingStarted.tabs.<label>` in the catalogue. */
const TABS = [
  { value: 'quick-start', label: 'quickStart', icon: Rocket },
  { value: 'tutorials', label: 'tutorials', icon: BookOpen },
  { value: 'faq', label: 'faq', icon: CircleHelp },
  { value: 'support', label: 'support', icon: LifeBuoy },
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
  const t = usePublicText('marketing');
  const quickStartTitle = useQuickStartTitle();
  useDocumentTitle(t('gettingStarted.documentTitle'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'quick-start';
  const selectTab = (value: string) => {
    setParams(value === 'quick-start' ? {} : { tab: value }, { replace: true });
  };

  return (
    <PublicLayout>
      <PageHero
        eyebrow={t('gettingStarted.hero.eyebrow')}
        title={t('gettingStarted.hero.title')}
        lead={t('gettingStarted.hero.lead')}
      >
        <Button
          asChild
          variant="ghost"
          size="sm"
          className="mb-6 -ml-3 text-sky-100 hover:bg-white/10 hover:text-white"
        >
          <Link to="/">
            <ArrowLeft aria-hidden /> {t('gettingStarted.hero.back')}
          </Link>
        </Button>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList
            aria-label={t('gettingStarted.tabs.label')}
            className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto"
          >
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-9 px-4">
                <Icon aria-hidden className="size-4" /> {t(`gettingStarted.tabs.${label}`)}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="quick-start" className="mt-10">
            <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
              <div>
                <PanelHeading title={quickStartTitle}>
                  {t('gettingStarted.quickStart.lead')}
                </PanelHeading>
                <QuickStartList />
              </div>
              <aside
                aria-label={t('gettingStarted.beforeYouBegin.title')}
                className="h-fit rounded-xl border bg-white p-6 shadow-sm"
              >
                <h3 className="font-semibold text-primary">
                  {t('gettingStarted.beforeYouBegin.title')}
                </h3>
                <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm leading-relaxed text-muted-foreground">
                  <li>{t('gettingStarted.beforeYouBegin.colleagues')}</li>
                  <li>{t('gettingStarted.beforeYouBegin.documents')}</li>
                  <li>{t('gettingStarted.beforeYouBegin.reviewer')}</li>
                </ul>
                <Button
                  className="mt-5 w-full"
                  variant="outline"
                  onClick={() => selectTab('tutorials')}
                >
                  {t('gettingStarted.beforeYouBegin.readGuides')}
                </Button>
              </aside>
            </div>
          </TabsContent>

          <TabsContent value="tutorials" className="mt-10">
            <PanelHeading title={t('gettingStarted.tutorials.title')}>
              {t('gettingStarted.tutorials.lead', {
                min: TUTORIAL_MINUTES.min,
                max: TUTORIAL_MINUTES.max,
              })}
            </PanelHeading>
            <TutorialGrid tutorials={TUTORIALS} />
          </TabsContent>

          <TabsContent value="faq" className="mt-10">
            <PanelHeading title={t('gettingStarted.faq.title')}>
              {t('gettingStarted.faq.lead')}
            </PanelHeading>
            <FaqList />
          </TabsContent>

          <TabsContent value="support" className="mt-10">
            <PanelHeading title={t('gettingStarted.support.title')}>
              {t('gettingStarted.support.lead')}
            </PanelHeading>
            <SupportOptions onOpenGuides={() => selectTab('tutorials')} />
          </TabsContent>
        </Tabs>
      </div>
    </PublicLayout>
  );
}
