import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RECORD_FIELDS, type RecordField } from '@shared/api/fields';
import { REQUIRED_IMPORT_FIELDS } from '@shared/api/training-events';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { recordFieldLabels } from './labels';

/** Field -> column header of the file (null: not imported). */
export type FieldMapping<F extends string> = Partial<Record<F, string | null>>;

/** The fields an import fills, in the order and words its mapping and preview show them. */
export interface ImportFieldSet<F extends string> {
  fields: readonly F[];
  labels: Record<F, string>;
  required: readonly F[];
}

/** The training-records import's fields, the default of the import components. */
export const recordImportFields = (t: TFunction): ImportFieldSet<RecordField> => ({
  fields: RECORD_FIELDS,
  labels: recordFieldLabels(t),
  required: REQUIRED_IMPORT_FIELDS,
});

// Radix Select items cannot have an empty value.
const NOT_IMPORTED = '__not_imported__';

/** One select per field: which column of the file fills it (or none). */
export function ImportMapping<F extends string>({
  fieldSet,
  columns,
  mapping,
  disabled,
  onChange,
}: {
  fieldSet: ImportFieldSet<F>;
  columns: string[];
  mapping: FieldMapping<F>;
  disabled: boolean;
  onChange: (mapping: FieldMapping<F>) => void;
}) {
  const { t } = useTranslation('records');
  const { fields, labels, required } = fieldSet;
  return (
    <fieldset className="grid grid-cols-2 gap-3 lg:grid-cols-5" disabled={disabled}>
      <legend className="sr-only">{t('importMapping.legend')}</legend>
      {fields.map((field) => {
        const id = `map-${field}`;
        const isRequired = required.includes(field);
        return (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={id} className="text-xs">
              {labels[field]}
              {isRequired && (
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
                aria-label={
                  isRequired
                    ? t('importMapping.columnForRequired', { field: labels[field] })
                    : t('importMapping.columnFor', { field: labels[field] })
                }
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_IMPORTED}>
                  {/* A training record's status can come from its result column. */}
                  {field === 'status' && (mapping as FieldMapping<string>).result
                    ? t('importMapping.fromResult')
                    : t('importMapping.notImported')}
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
