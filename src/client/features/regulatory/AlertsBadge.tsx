import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/use-auth';
import { formatNumber } from '../../lib/format';
import { useAlertCount } from './use-regulatory';

/**
 * The sidebar's count of unacknowledged regulatory alerts; hidden at 0 and while unknown. Alerts
 * name training records, so roles that may not read them are not asked.
 */
export function AlertsBadge() {
  const { t } = useTranslation('regulatory');
  const { can } = useAuth();
  const count = useAlertCount(can('readAllRecords'));
  const n = count.data?.unacknowledged ?? 0;
  if (n === 0) return null;
  return (
    <span className="rounded-full bg-red-500 px-1.5 py-0.5 text-[10px] font-semibold tabular-nums text-white">
      {formatNumber(n)}
      <span className="sr-only"> {t('badge.unacknowledged')}</span>
    </span>
  );
}
