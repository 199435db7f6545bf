import { RECORD_FIELD_LABELS, RECORD_FIELDS, type RecordField } from '@shared/api/fields';
import { REQUIRED_IMPORT_FIELDS, type ColumnMapping } from '@shared/api/training-events';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';

// Radix Select items cannot have an empty value.
const NOT_IMPORTED = '__not_imported__';

const isRequired = (field: RecordField) =>
  (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field);

/** One select per record field: which column of the file fills it (or none). */
export function ImportMapping({
  columns,
  mapping,
  disabled,
  onChange,
}: {
  columns: string[];
  mapping: ColumnMapping;
  disabled: boolean;
  onChange: (mapping: ColumnMapping) => void;
}) {
  return (
    <fieldset className="grid grid-cols-2 gap-3 lg:grid-cols-5" disabled={disabled}>
      <legend className="sr-only">Column mapping</legend>
      {RECORD_FIELDS.map((field) => {
        const id = `map-${field}`;
        return (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={id} className="text-xs">
              {RECORD_FIELD_LABELS[field]}
              {isRequired(field) && (
                <span aria-hidden className="text-destructive">
                  {' '}
                  *
                </span>
              )}
            </Label>
            <Select
              value={mapping[field] ?? NOT_IMPORTED}
              disabled={disabled}
              onValueChange={(value) =>
                onChange({ ...mapping, [field]: value === NOT_IMPORTED ? null : value })
              }
            >
              <SelectTrigger
                id={id}
                className="h-8 text-xs"
                aria-label={`Column for ${RECORD_FIELD_LABELS[field]}${isRequired(field) ? ' (required)' : ''}`}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_IMPORTED}>
                  {field === 'status' && mapping.result ? 'From the result column' : 'Not imported'}
                </SelectItem>
                {columns.map((column) => (
                  <SelectItem key={column} value={column}>
                    {column}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        );
      })}
    </fieldset>
  );
}
