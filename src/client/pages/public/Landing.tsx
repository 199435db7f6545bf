import {
  AudienceSection,
  ClosingCta,
  FeatureSection,
  Hero,
  WhyChooseSection,
} from '../../features/marketing/landing-sections';
import { useDocumentTitle } from '../../features/marketing/brand';
import { PublicLayout } from '../../features/marketing/PublicLayout';

/** The signed-out home page (spec: product-core §2.3). */
export default function Landing() {
  useDocumentTitle('Training records an inspector can verify');
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
