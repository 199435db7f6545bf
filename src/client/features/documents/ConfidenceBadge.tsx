import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { confidenceTone, formatConfidence, useReviewThreshold } from './field-presentation';

const TONES = {
  high: 'bg-green-100 text-green-800 ring-green-600/20',
  review: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  low: 'bg-red-100 text-red-800 ring-red-600/30',
} as const;

/** The extraction's confidence as a percentage, green at or above the threshold (85%). */
export function ConfidenceBadge({ score, className }: { score: number; className?: string }) {
  const { t } = useTranslation('documents');
  const threshold = useReviewThreshold();
  const tone = confidenceTone(score, threshold);
  const percent = formatConfidence(score);
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      title={t('confidence.title', {
        percent,
        explanation: t(`confidence.tone.${tone}`),
        threshold: formatConfidence(threshold),
      })}
      data-tone={tone}
    >
      <span className="sr-only">{t('confidence.srLabel')} </span>
      {percent}
    </span>
  );
}
