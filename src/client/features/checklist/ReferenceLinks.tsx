import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { linkFor, parseReference, type ReferencePart } from '@shared/checklist/references';

/** A reference with each Part 142 section linked to the eCFR and each 8900.1 part to the FAA's page. */
export function ReferenceLinks({ reference }: { reference: string }) {
  const { t } = useTranslation('checklist');
  // What each link opens, for its tooltip and accessible name, in the reader's language.
  const titleOf = (part: ReferencePart) => {
    if (part.kind === 'cfr') return t('reference.cfrTitle', { section: part.section });
    if (part.kind === 'order8900') {
      return part.section === null
        ? t('reference.orderTitle', { volume: part.volume, chapter: part.chapter })
        : t('reference.orderSectionTitle', {
            volume: part.volume,
            chapter: part.chapter,
            section: part.section,
          });
    }
    return null;
  };
  const links = parseReference(reference).map((part) => ({
    ...linkFor(part),
    title: titleOf(part),
  }));
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {links.map((link, index) =>
        link.href ? (
          <a
            key={`${link.text}-${index}`}
            href={link.href}
            target="_blank"
            rel="noreferrer noopener"
            title={link.title ?? undefined}
            aria-label={t('reference.linkLabel', { text: link.text, title: link.title })}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {link.kind === 'cfr' ? `§ ${link.text}` : `8900.1 ${link.text}`}
            <ExternalLink aria-hidden className="size-3" />
          </a>
        ) : (
          <span key={`${link.text}-${index}`} className="text-sm">
            {link.text}
          </span>
        ),
      )}
    </span>
  );
}
