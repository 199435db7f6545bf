import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  FLEET_IMPORT_FIELDS,
  FLEET_IMPORT_KINDS,
  type FleetImportKind,
} from '@shared/api/fleet-import';
import type { ImportSubject } from '../records/ImportPreviewCard';

/** What each kind of file becomes, in the words of the preview card and the dialog. */
export interface FleetImportKindView {
  label: string;
  subject: ImportSubject<string>;
  /** The columns it reads and how, shown before a file is chosen. */
  help: ReactNode;
}

/**
 * The kinds of file in the reader's language (`kinds.<kind>` of the catalogue): their names,
 * their fields' names, the words of the preview card and the help under the choice.
 */
export function useFleetImportViews(): Record<FleetImportKind, FleetImportKindView> {
  const { t } = useTranslation('fleet-import');
  const view = (kind: FleetImportKind): FleetImportKindView => {
    const fieldSet = FLEET_IMPORT_FIELDS[kind];
    const fields: readonly string[] = fieldSet.fields;
    const labels = Object.fromEntries(
      fields.map((field) => [field, t(`kinds.${kind}.fields.${field}`)]),
    );
    return {
      label: t(`kinds.${kind}.label`),
      subject: {
        fields,
        required: fieldSet.required,
        labels,
        one: t(`kinds.${kind}.one`),
        many: t(`kinds.${kind}.many`),
        recordedOnce: t(`kinds.${kind}.recordedOnce`),
      },
      help: <Trans t={t} i18nKey={`kinds.${kind}.help`} components={{ strong: <strong /> }} />,
    };
  };
  return Object.fromEntries(FLEET_IMPORT_KINDS.map((kind) => [kind, view(kind)])) as Record<
    FleetImportKind,
    FleetImportKindView
  >;
}
