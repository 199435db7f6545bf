import { useEffect } from 'react';
import type { ReportScope } from '@shared/api/reports';

const WHOLE: ReportScope = { kind: 'organization' };
let current: ReportScope = WHOLE;

/**
 * The scope the header's Export starts from: the screen's subject (an instructor's file, a
 * trainee's record) while it is shown, the whole organization otherwise. Null while the screen
 * has not loaded its subject yet.
 */
export function useExportScope(scope: ReportScope | null) {
  const kind = scope?.kind;
  const value = scope?.value;
  useEffect(() => {
    if (!kind) return;
    current = kind === 'organization' ? WHOLE : { kind, value };
    return () => {
      current = WHOLE;
    };
  }, [kind, value]);
}

/** The scope to preselect when the report chooser opens. */
export function exportScope(): ReportScope {
  return current;
}
