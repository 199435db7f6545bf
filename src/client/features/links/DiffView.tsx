import { useTranslation } from 'react-i18next';
import { parseStoredDiff } from '@shared/api/links';

/** A stored word diff as running text: removed words struck through in red, added in green. */
export function DiffView({ diff }: { diff: string }) {
  const { t } = useTranslation('links');
  const parts = parseStoredDiff(diff);
  return (
    <p
      translate="no"
      className="max-h-48 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm leading-relaxed"
    >
      {parts
        .map((part, i) =>
          part.kind === 'same' ? (
            <span key={i} className="text-muted-foreground">
              {part.text}{' '}
            </span>
          ) : part.kind === 'removed' ? (
            <del key={i} className="rounded bg-red-100 px-0.5 text-red-800 decoration-red-700">
              <span className="sr-only">{t('diff.removed')}</span>
              {part.text}
            </del>
          ) : (
            <ins key={i} className="rounded bg-green-100 px-0.5 text-green-900 no-underline">
              <span className="sr-only">{t('diff.added')}</span>
              {part.text}
            </ins>
          ),
        )
        .flatMap((node, i) => (i === 0 ? [node] : [' ', node]))}
    </p>
  );
}
