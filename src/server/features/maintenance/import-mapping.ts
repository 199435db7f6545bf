import {
  FLEET_IMPORT_FIELDS,
  type DeviceImportField,
  type DiscrepancyImportField,
  type FleetColumnMapping,
  type FleetImportKind,
  type MaintenanceImportField,
} from '@shared/api/fleet-import';
import { invalid } from '../../http/errors';
import { proposeColumns } from '../../import/columns';
import type { ImportTable } from '../training-events/service';

// Header spellings seen in fleet lists and technical logs, compared without case, spaces or
// punctuation. A field takes the first column not taken by a field before it.
const DEVICE_COLUMN = [
  'device',
  'devicename',
  'simulator',
  'sim',
  'fstd',
  'ffs',
  'ftd',
  'aircraft',
  'unit',
  'registration',
  'tail',
  'tailnumber',
];

const DEVICES: Record<DeviceImportField, string[]> = {
  kind: ['kind', 'type', 'devicetype', 'devicekind', 'category', 'class', 'deviceclass'],
  name: ['name', 'device', 'devicename', 'unit', 'unitname', 'fleetname', 'designation'],
  model: [
    'model',
    'aircraftmodel',
    'aircrafttype',
    'typesimulated',
    'aircraft',
    'airframe',
    'makemodel',
    'makeandmodel',
  ],
  qualificationLevel: ['qualificationlevel', 'level', 'qualification', 'fstdlevel', 'quallevel'],
  manufacturer: ['manufacturer', 'make', 'oem', 'vendor', 'builder', 'mfr'],
  serialNumber: ['serialnumber', 'serial', 'serialno', 'sn', 'msn'],
  registration: ['registration', 'reg', 'regno', 'registrationnumber', 'tailnumber', 'tail'],
  location: ['location', 'site', 'base', 'bay', 'building', 'facility', 'station'],
  qualifiedFor: ['qualifiedfor', 'courses', 'approvedfor', 'usedfor', 'qualifications'],
  inServiceFrom: [
    'inservicefrom',
    'inservice',
    'inservicedate',
    'servicedate',
    'entryintoservice',
    'eis',
    'commissioned',
    'datecommissioned',
    'commissioningdate',
    'since',
  ],
  baseHours: ['basehours', 'hours', 'totalhours', 'airframehours', 'totaltime', 'ttaf'],
  baseCycles: ['basecycles', 'cycles', 'totalcycles', 'landings'],
};

const DISCREPANCIES: Record<DiscrepancyImportField, string[]> = {
  device: DEVICE_COLUMN,
  reportedAt: [
    'reportedat',
    'reported',
    'reportedon',
    'datereported',
    'reporteddate',
    'date',
    'datetime',
    'dateandtime',
    'timestamp',
    'opened',
    'dateopened',
  ],
  reportedBy: ['reportedby', 'reporter', 'writtenby', 'raisedby', 'originator', 'instructor'],
  session: ['session', 'sessionid', 'period', 'lesson', 'slot'],
  component: ['component', 'system', 'part', 'subsystem', 'componentname'],
  ataChapter: ['atachapter', 'ata', 'chapter', 'atacode'],
  description: [
    'description',
    'discrepancy',
    'defect',
    'fault',
    'problem',
    'issue',
    'writeup',
    'squawk',
    'details',
  ],
  severity: ['severity', 'impact', 'trainingimpact', 'effect', 'gonogo', 'priority', 'category'],
  status: ['status', 'state', 'discrepancystatus'],
  correctiveAction: [
    'correctiveaction',
    'action',
    'actiontaken',
    'rectification',
    'resolution',
    'fix',
    'repair',
  ],
  closedAt: [
    'closedat',
    'closed',
    'closedon',
    'dateclosed',
    'closeddate',
    'resolved',
    'resolvedat',
    'cleared',
  ],
  closedBy: ['closedby', 'resolvedby', 'rectifiedby', 'clearedby', 'signedoffby', 'technician'],
  downtimeMinutes: ['downtimeminutes', 'downtime', 'downtimemin', 'downtimemins', 'minutesdown'],
  trainingMinutesLost: [
    'trainingminuteslost',
    'traininglost',
    'minuteslost',
    'lostminutes',
    'losttraining',
    'losttrainingminutes',
    'trainingtimelost',
  ],
};

const MAINTENANCE: Record<MaintenanceImportField, string[]> = {
  device: DEVICE_COLUMN,
  title: ['title', 'task', 'taskname', 'item', 'maintenanceitem', 'description', 'name'],
  kind: ['kind', 'type', 'tasktype', 'maintenancetype', 'category', 'class'],
  intervalDays: ['intervaldays', 'days', 'intervalcalendar', 'calendarinterval', 'interval'],
  intervalHours: ['intervalhours', 'intervalhrs', 'hourinterval', 'hours'],
  lastDoneAt: [
    'lastdoneat',
    'lastdone',
    'lastdoneon',
    'lastdonedate',
    'lastperformed',
    'lastperformedon',
    'lastcompleted',
    'datedone',
  ],
  lastDoneHours: ['lastdonehours', 'lastdoneathours', 'hoursatlastdone', 'lasthours'],
  dueAt: ['dueat', 'due', 'duedate', 'dueon', 'nextdue', 'nextduedate'],
  dueHours: ['duehours', 'dueathours', 'nextduehours', 'hoursdue'],
};

const SYNONYMS: Record<FleetImportKind, Record<string, string[]>> = {
  devices: DEVICES,
  discrepancies: DISCREPANCIES,
  maintenance: MAINTENANCE,
};

/** The mapping proposed for a file's header: the first column whose name fits each field. */
export function proposeFleetMapping(kind: FleetImportKind, columns: string[]): FleetColumnMapping {
  return proposeColumns(columns, FLEET_IMPORT_FIELDS[kind].fields, (field, key) =>
    SYNONYMS[kind][field]!.includes(key),
  );
}

/** The caller's mapping, checked against the file's columns, with the required fields present. */
export function settleFleetMapping(
  kind: FleetImportKind,
  table: ImportTable,
  requested: FleetColumnMapping | undefined,
): FleetColumnMapping {
  const { columns } = table;
  const labels: Record<string, string> = FLEET_IMPORT_FIELDS[kind].labels;
  const mapping = { ...proposeFleetMapping(kind, columns), ...requested };
  for (const [field, column] of Object.entries(mapping)) {
    if (column && !columns.includes(column)) {
      throw invalid(`The file has no column "${column}" to import as ${labels[field]}.`);
    }
  }
  const missing = FLEET_IMPORT_FIELDS[kind].required.filter((f: string) => !mapping[f]);
  if (missing.length > 0) {
    throw invalid(
      `Choose the column that holds ${missing.map((f: string) => labels[f]).join(', ')}; the file's columns are ${columns.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  return mapping;
}
