import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** The first `limit` rows of a long log, and a button to show the rest (or fewer again). */
export function useFirstRows<T>(rows: readonly T[], limit: number, what: string) {
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
        {all ? `Show the latest ${limit} only` : `Show all ${rows.length} ${what}`}
      </Button>
    ) : null;
  return { shown, toggle };
}
