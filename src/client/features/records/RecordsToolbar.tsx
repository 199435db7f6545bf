import { ListFilter, Search, X } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRAINING_EVENT_TYPES } from '@shared/api/training-events';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { DebouncedInput } from './DebouncedInput';
import {
  activeFilterCount,
  STATUS_FILTERS,
  type RecordFilters,
  type StatusFilter,
} from './record-filters';

/** Each filter's option, a key of the `records` catalogue. */
const STATUS_LABELS: Record<StatusFilter, string> = {
  all: 'toolbar.allStatuses',
  completed: 'status.completed',
  pending: 'status.pending',
  failed: 'status.failed',
};

type SetFilters = (patch: Partial<RecordFilters>) => void;

function FiltersPanel({
  id,
  filters,
  set,
  clear,
}: {
  id: string;
  filters: RecordFilters;
  set: SetFilters;
  clear: () => void;
}) {
  const { t } = useTranslation('records');
  const commitType = useCallback((type: string) => set({ type }), [set]);
  const commitInstructor = useCallback((instructor: string) => set({ instructor }), [set]);
  return (
    <div
      id={id}
      role="group"
      aria-label={t('toolbar.filters')}
      className="grid items-end gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
    >
      <FormField id="filter-status" label={t('toolbar.status')}>
        <Select
          value={filters.status}
          onValueChange={(value) => set({ status: value as StatusFilter })}
        >
          <SelectTrigger id="filter-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(STATUS_LABELS[value])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField id="filter-type" label={t('toolbar.eventType')}>
        <DebouncedInput
          id="filter-type"
          list="filter-event-types"
          placeholder={t('toolbar.anyType')}
          value={filters.type}
          onCommit={commitType}
        />
        <datalist id="filter-event-types">
          {TRAINING_EVENT_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </FormField>
      <FormField id="filter-instructor" label={t('toolbar.instructor')}>
        <DebouncedInput
          id="filter-instructor"
          placeholder={t('toolbar.anyInstructor')}
          value={filters.instructor}
          onCommit={commitInstructor}
        />
      </FormField>
      <FormField id="filter-from" label={t('toolbar.from')}>
        <Input
          id="filter-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </FormField>
      <FormField id="filter-to" label={t('toolbar.to')}>
        <Input
          id="filter-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </FormField>
      <Button
        variant="ghost"
        onClick={clear}
        disabled={activeFilterCount(filters) === 0 && !filters.q}
      >
        <X /> {t('actions.clearFilters')}
      </Button>
    </div>
  );
}

/** Search box and the Filter panel (status, event type, instructor, date range); all state in the URL. */
export function RecordsToolbar({
  filters,
  set,
  clear,
}: {
  filters: RecordFilters;
  set: SetFilters;
  clear: () => void;
}) {
  const { t } = useTranslation('records');
  const count = activeFilterCount(filters);
  const [open, setOpen] = useState(count > 0);
  const panelId = useId();
  const commitSearch = useCallback((q: string) => set({ q }), [set]);
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1 sm:max-w-sm">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <DebouncedInput
            type="search"
            value={filters.q}
            onCommit={commitSearch}
            placeholder={t('toolbar.searchPlaceholder')}
            aria-label={t('toolbar.searchLabel')}
            className="pl-8"
          />
        </div>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
        >
          <ListFilter /> {t('toolbar.filter')}
          {count > 0 && (
            <Badge variant="secondary" aria-label={t('toolbar.activeCount', { count })}>
              {count}
            </Badge>
          )}
        </Button>
      </div>
      {open && <FiltersPanel id={panelId} filters={filters} set={set} clear={clear} />}
    </div>
  );
}
