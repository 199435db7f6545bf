import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { BrandMark, useDocumentTitle } from '../../features/marketing/brand';
import { usePublicText } from '../../i18n/lite';

/** The spec's test page (/home): a way into the dashboard when the landing page is not wanted. */
export default function Home() {
  const t = usePublicText('marketing');
  useDocumentTitle(t('home.documentTitle'));
  return (
    <main className="relative flex min-h-screen flex-col items-center justify-center gap-8 overflow-hidden bg-gradient-to-b from-[#0b2545] to-[#13315c] px-4 py-12">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(56,189,248,0.18),transparent_60%)]"
      />
      <Link to="/" aria-label={t('brand.home')} className="relative rounded-md">
        <BrandMark tone="light" className="text-lg" />
      </Link>
      <div className="relative w-full max-w-md rounded-2xl border bg-card p-8 text-center shadow-xl">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-sky-50 text-sky-700 ring-1 ring-sky-100">
          <LayoutDashboard aria-hidden className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-primary">{t('home.title')}</h1>
        <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{t('home.body')}</p>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/dashboard">
            {t('home.toDashboard')} <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Link
          to="/"
          className="mt-4 inline-block text-sm font-medium text-sky-800 underline-offset-4 hover:underline"
        >
          {t('home.back')}
        </Link>
      </div>
    </main>
  );
}
