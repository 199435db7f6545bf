import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { SUPPORT_EMAIL } from '@shared/constants/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { BrandMark } from './brand';
import { PublicMenu } from './PublicMenu';

/** Sign-in is served by the server, so it is a real browser navigation, never a router link. */
export const SIGN_IN_HREF = '/api/login';
export const TRIAL_HREF = '/api/login?plan=trial';

/** Header links; `paths` are the pages on which the link shows as current. */
const NAV_LINKS = [
  { to: '/pricing', label: 'Pricing', paths: ['/pricing'] },
  { to: '/tutorials', label: 'Getting Started', paths: ['/tutorials', '/getting-started'] },
] as const;

export function PublicHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Centerline home" className="rounded-md">
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <ul className="hidden items-center gap-1 sm:flex">
            {NAV_LINKS.map((link) => (
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
            <a href={SIGN_IN_HREF}>Sign In</a>
          </Button>
          <PublicMenu links={NAV_LINKS} />
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-[#0b2545] text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 sm:grid-cols-2 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid content-start gap-3 sm:col-span-2 md:col-span-1">
          <BrandMark tone="light" />
          <p className="max-w-sm text-sm leading-relaxed text-slate-400">
            Training records, documents and the Part 142 inspection checklist for FAA Part 142
            training centres.
          </p>
        </div>
        <nav aria-label="Product" className="grid content-start gap-2 text-sm">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">
            Product
          </h2>
          <Link className="hover:text-white" to="/pricing">
            Pricing
          </Link>
          <Link className="hover:text-white" to="/getting-started">
            Getting Started
          </Link>
          <Link className="hover:text-white" to="/tutorials">
            Guides
          </Link>
          <a className="hover:text-white" href={SIGN_IN_HREF}>
            Sign In
          </a>
        </nav>
        <div className="grid content-start gap-2 text-sm">
          <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider text-slate-400">
            Support
          </h2>
          <a className="break-words hover:text-white" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          <Link className="hover:text-white" to="/getting-started?tab=support">
            Support options
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-400 sm:px-6">
          © {year} Centerline. Centerline is independent software and is not affiliated with or
          endorsed by the FAA.
        </p>
      </div>
    </footer>
  );
}

/** Header, main landmark and footer shared by the marketing pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-primary shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Skip to content
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
