import { ExternalLink } from 'lucide-react';
import { referenceLinks } from '@shared/checklist/references';

/** A reference with each Part 142 section linked to the eCFR and each 8900.1 part to the FAA's page. */
export function ReferenceLinks({ reference }: { reference: string }) {
  const links = referenceLinks(reference);
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
            aria-label={`${link.text}: ${link.title} (opens in a new tab)`}
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
