import type { ReactNode } from 'react';
import {
  FLEET_IMPORT_FIELDS,
  FLEET_IMPORT_KIND_LABELS,
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

const subject = (
  kind: FleetImportKind,
  one: string,
  many: string,
  recordedOnce: string,
): ImportSubject<string> => ({ ...FLEET_IMPORT_FIELDS[kind], one, many, recordedOnce });

export const FLEET_IMPORT_VIEWS: Record<FleetImportKind, FleetImportKindView> = {
  devices: {
    label: FLEET_IMPORT_KIND_LABELS.devices,
    subject: subject('devices', 'device', 'devices', 'no device is added twice'),
    help: (
      <>
        One device per row: type (FFS, FTD or aircraft), a name not yet in the fleet, model and the
        date it entered service are required; qualification level, manufacturer, serial number,
        registration (required for aircraft), location, what it is qualified for, and base hours and
        cycles are optional.
      </>
    ),
  },
  discrepancies: {
    label: FLEET_IMPORT_KIND_LABELS.discrepancies,
    subject: subject(
      'discrepancies',
      'discrepancy',
      'discrepancies',
      'no write-up is logged twice',
    ),
    help: (
      <>
        One write-up per row (142.59(c)(4)): the device by its name in the fleet, when it was
        reported, by whom, the description and the severity (“No training impact”, “Training
        restricted”, “Device down” or “NO-GO”) are required. A date without a time is read as{' '}
        <strong>12:00 UTC</strong> that day; a time without a zone is UTC. A closed entry needs its
        corrective action and closing time; an entry without a status is closed when it has a
        closing time, open otherwise.
      </>
    ),
  },
  maintenance: {
    label: FLEET_IMPORT_KIND_LABELS.maintenance,
    subject: subject(
      'maintenance',
      'maintenance item',
      'maintenance items',
      'no item is scheduled twice',
    ),
    help: (
      <>
        One scheduled item per row: the device by its name in the fleet, a title and its type
        (inspection or scheduled maintenance) are required, with at least one of interval in days or
        hours, due date or due hours; when it was last done (date and hours) is optional.
      </>
    ),
  },
};
