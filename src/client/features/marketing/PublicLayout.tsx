import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SUPPORT_EMAIL } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import { usePublicText } from '../../i18n/lite';
import { cn } from '../../lib/utils';
import { BrandMark } from './brand';
import { LanguageSwitcher } from './language-switcher';
import { PublicMenu } from './PublicMenu';

/** Sign-in is served by the server, so it is a real browser navigation, never a router link. */
export const SIGN_IN_HREF = '/api/login';
export const TRIAL_HREF = '/api/login?plan=trial';

/** Header links (`label` is a catalogue key); `paths` are the pages on which the link shows as current. */
const NAV_LINKS = [
  { to: '/pricing', label: 'layout.nav.pricing', paths: ['/pricing'] },
  {
    to: '/tutorials',
    label: 'layout.nav.gettingStarted',
    paths: ['/tutorials', '/getting-started'],
  },
] as const;

export function PublicHeader() {
  const t = usePublicText('marketing');
  const { pathname } = useLocation();
  const links = NAV_LINKS.map((link) => ({ ...link, label: t(link.label) }));
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={t('brand.home')} className="rounded-md">
          <BrandMark />
        </Link>
        <nav aria-label={t('layout.nav.main')} className="flex items-center gap-1 sm:gap-2">
          <ul className="hidden items-center gap-1 sm:flex">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={
                    (link.paths as readonly string[]).includes(pathname) ? 'page' : undefined
                  }
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-primary aria-[current=page]:bg-sky-50 aria-[current=page]:text-primary"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <Button asChild size="sm" className="h-9 px-4">
            <a href={SIGN_IN_HREF}>{t('layout.signIn')}</a>
          </Button>
          <PublicMenu links={links} />
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  const t = usePublicText('marketing');
  const year = new Date().getFullYear();
  return (
    <footer className="bg-[#0b2545] text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 sm:grid-cols-2 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid content-start gap-3 sm:col-span-2 md:col-span-1">
          <BrandMark tone="light" />
          <p className="max-w-sm text-sm leading-relaxed text-slate-400">
            {t('layout.footer.tagline')}
          </p>
        </div>
        <nav aria-label={t('layout.footer.product')} className="grid content-start gap-2 text-sm">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">
            {t('layout.footer.product')}
          </h2>
          <Link className="hover:text-white" to="/pricing">
            {t('layout.nav.pricing')}
          </Link>
          <Link className="hover:text-white" to="/getting-started">
            {t('layout.nav.gettingStarted')}
          </Link>
          <Link className="hover:text-white" to="/tutorials">
            {t('layout.footer.guides')}
          </Link>
          <a className="hover:text-white" href={SIGN_IN_HREF}>
            {t('layout.signIn')}
          </a>
        </nav>
        <div className="grid content-start gap-2 text-sm">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">
            {t('layout.footer.support')}
          </h2>
          <a className="break-words hover:text-white" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          <Link className="hover:text-white" to="/getting-started?tab=support">
            {t('layout.footer.supportOptions')}
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-xs text-slate-400">{t('layout.footer.legal', { year })}</p>
          <LanguageSwitcher className="shrink-0" />
        </div>
      </div>
    </footer>
  );
}

/** Header, main landmark and footer shared by the marketing pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = usePublicText('marketing');
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-primary shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('layout.skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** Eyebrow, heading and lead paragraph of a page section. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  className,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && (
        <p className="text-xs font-semibold uppercase tracking-[0.16em] text-sky-700">{eyebrow}</p>
      )}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-primary sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-base leading-relaxed text-muted-foreground">{lead}</p>}
    </div>
  );
}

/** The navy band at the top of a marketing page, with the page's h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  align = 'start',
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'start' | 'center';
  children?: ReactNode;
}) {
  const centered = align === 'center';
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-[#0b2545] to-[#13315c] text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(56,189,248,0.18),transparent_60%)]"
      />
      <div
        className={cn(
          'relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20',
          centered && 'flex flex-col items-center text-center',
        )}
      >
        {children}
        {eyebrow && (
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-sky-300">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {lead && (
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-slate-300 sm:text-lg">
            {lead}
          </p>
        )}
      </div>
    </section>
  );
}
