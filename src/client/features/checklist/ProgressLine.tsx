import { useTranslation } from 'react-i18next';
import { Progress } from '../../components/ui/misc';
import { formatNumber } from '../../lib/format';
import { wholePercent } from './checklist';

/** "n of m items reviewed" with a bar; every status but Pending counts (spec §4). */
export function ProgressLine({
  reviewed,
  total,
  label,
}: {
  reviewed: number;
  total: number;
  label: string;
}) {
  const { t } = useTranslation('checklist');
  const percent = total ? Math.round((reviewed / total) * 100) : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex justify-between gap-3 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium tabular-nums">
          {t('progress.reviewed', {
            reviewed: formatNumber(reviewed),
            count: total,
            percent: wholePercent(percent),
          })}
        </span>
      </div>
      <Progress value={percent} label={label} />
    </div>
  );
}
