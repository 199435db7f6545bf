import {
  AudienceSection,
  ClosingCta,
  FeatureSection,
  Hero,
  WhyChooseSection,
} from '../../features/marketing/landing-sections';
import { useDocumentTitle } from '../../features/marketing/brand';
import { PublicLayout } from '../../features/marketing/PublicLayout';
import { usePublicText } from '../../i18n/lite';

/** The signed-out home page (spec: product-core §2.3). */
export default function Landing() {
  const t = usePublicText('marketing');
  useDocumentTitle(t('landing.documentTitle'));
  const host = window.location.host;
  return (
    <PublicLayout>
      <Hero host={host} />
      <FeatureSection />
      <WhyChooseSection />
      <AudienceSection />
      <ClosingCta />
    </PublicLayout>
  );
}
