import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark, useDocumentTitle } from '../marketing/brand';

/**
 * The frame of the public account pages (setup, invitation), matching the sign-in page. It
 * draws the public brand mark so these pages never download the sidebar chunk.
 */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('users');
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gradient-to-b from-[#0b2545] to-[#13315c] px-4 py-10">
      <Link to="/" aria-label={t('frame.home')}>
        <BrandMark tone="light" className="text-lg" />
      </Link>
      {children}
      <Link to="/" className="text-sm text-sky-100 hover:underline">
        {t('frame.back')}
      </Link>
    </div>
  );
}
