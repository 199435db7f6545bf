import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { useLinkHistory } from './use-links';

const WIDTH = 72;
const HEIGHT = 20;

/** The response times of a link's last checks, oldest on the left. */
export function ResponseSparkline({ linkId }: { linkId: string }) {
  const { t } = useTranslation('links');
  const { data } = useLinkHistory(linkId);
  const times = (data?.checks ?? [])
    .map((c) => c.responseMs)
    .filter((ms): ms is number => ms !== null)
    .reverse();
  if (times.length < 2) return null;
  const max = Math.max(...times);
  const min = Math.min(...times);
  const span = Math.max(1, max - min);
  const points = times
    .map((ms, i) => {
      const x = (i / (times.length - 1)) * (WIDTH - 2) + 1;
      const y = HEIGHT - 1 - ((ms - min) / span) * (HEIGHT - 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={t('history.sparkline', {
        count: times.length,
        min: formatNumber(min),
        max: formatNumber(max),
      })}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="text-primary"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
