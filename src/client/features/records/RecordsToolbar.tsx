import { ListFilter, Search } from 'lucide-react';
import { Input } from '../../components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { STATUS_FILTERS, type StatusFilter } from './record-filters';

const STATUS_LABELS: Record<StatusFilter, string> = {
  all: 'All statuses',
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
};

export function RecordsToolbar({
  query,
  status,
  onQuery,
  onStatus,
}: {
  query: string;
  status: StatusFilter;
  onQuery: (value: string) => void;
  onStatus: (value: StatusFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative flex-1 sm:max-w-sm">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Search student, licence or event type"
          aria-label="Search training events"
          className="pl-8"
        />
      </div>
      <Select value={status} onValueChange={(value) => onStatus(value as StatusFilter)}>
        <SelectTrigger aria-label="Filter by status" className="sm:w-44">
          <span className="flex items-center gap-2">
            <ListFilter aria-hidden className="size-4 text-muted-foreground" />
            <SelectValue />
          </span>
        </SelectTrigger>
        <SelectContent>
          {STATUS_FILTERS.map((value) => (
            <SelectItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
