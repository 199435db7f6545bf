import { useTranslation } from 'react-i18next';
import type { DiffPart, ParagraphDiff } from '@shared/api/regulatory';
import { Badge } from '../../components/ui/badge';

/**
 * A word diff: insertions underlined on green, deletions struck through on red, and each also
 * announced ("inserted", "deleted") because colour and strike-through are not read out.
 */
export function WordDiff({ parts }: { parts: readonly DiffPart[] }) {
  const { t } = useTranslation('regulatory');
  return (
    // The regulation's own words, in English as published: not for translation.
    <p translate="no" lang="en" className="whitespace-pre-wrap text-sm leading-relaxed">
      {parts.map((part, i) => {
        if (part.added) {
          return (
            <ins
              key={i}
              className="rounded-sm bg-green-100 text-green-900 underline decoration-green-700"
            >
              <span className="sr-only">{t('diff.inserted')}</span>
              {part.value}
              <span className="sr-only">]</span>
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del
              key={i}
              className="rounded-sm bg-red-100 text-red-900 line-through decoration-red-700"
            >
              <span className="sr-only">{t('diff.deleted')}</span>
              {part.value}
              <span className="sr-only">]</span>
            </del>
          );
        }
        return <span key={i}>{part.value}</span>;
      })}
    </p>
  );
}

const KIND_BADGES = { added: 'success', removed: 'destructive', reworded: 'warning' } as const;

export function ParagraphDiffView({ section, diff }: { section: string; diff: ParagraphDiff }) {
  const { t } = useTranslation('regulatory');
  return (
    <div className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-mono text-sm font-semibold">
          {section}
          {diff.id}
        </h4>
        <Badge variant={KIND_BADGES[diff.kind]}>{t(`diff.kind.${diff.kind}`)}</Badge>
      </div>
      <WordDiff parts={diff.parts} />
    </div>
  );
}
