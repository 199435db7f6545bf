import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** What a long log lists, to name in its "show all" button. */
export type LogRows = 'sessions' | 'units' | 'entries';

/** The first `limit` rows of a long log, and a button to show the rest (or fewer again). */
export function useFirstRows<T>(rows: readonly T[], limit: number, what: LogRows) {
  const { t } = useTranslation('fleet');
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, limit);
  const toggle =
    rows.length > limit ? (
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="mt-2"
        aria-expanded={all}
        onClick={() => setAll(!all)}
      >
        {all
          ? t('showMore.latestOnly', { limit })
          : t(`showMore.all.${what}`, { total: rows.length })}
      </Button>
    ) : null;
  return { shown, toggle };
}
