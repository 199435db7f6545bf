import {
  INSTRUCTOR_IMPORT_FIELD_LABELS as LABELS,
  INSTRUCTOR_IMPORT_FIELDS,
  REQUIRED_INSTRUCTOR_IMPORT_FIELDS,
  type InstructorColumnMapping,
  type InstructorImportField,
} from '@shared/api/instructors';
import { invalid } from '../../http/errors';
import { proposeColumns } from '../../import/columns';
import type { ImportTable } from '../training-events/service';

// Header spellings seen in instructor rosters, compared without case, spaces or punctuation.
const SYNONYMS: Record<InstructorImportField, string[]> = {
  name: [
    'name',
    'fullname',
    'instructor',
    'instructorname',
    'evaluatorname',
    'employee',
    'employeename',
    'staffname',
    'person',
  ],
  role: [
    'role',
    'type',
    'position',
    'function',
    'capacity',
    'category',
    'title',
    'jobtitle',
    'instructortype',
    'instructorevaluator',
  ],
  employedFrom: [
    'employedfrom',
    'employedsince',
    'employed',
    'hiredate',
    'hired',
    'datehired',
    'dateofhire',
    'startdate',
    'start',
    'employmentstart',
    'from',
    'since',
  ],
  employedUntil: [
    'employeduntil',
    'enddate',
    'end',
    'left',
    'dateleft',
    'leftdate',
    'terminationdate',
    'terminated',
    'separationdate',
    'employmentend',
    'until',
  ],
  email: ['email', 'emailaddress', 'mail', 'useremail', 'login'],
  certificates: [
    'certificates',
    'certificate',
    'certificatenumber',
    'certificateno',
    'certno',
    'certs',
    'licence',
    'license',
    'licencenumber',
    'licensenumber',
    'ratings',
    'certificatesandmedical',
  ],
  course: [
    'course',
    'coursename',
    'designatedcourse',
    'designationcourse',
    'curriculum',
    'program',
    'programme',
  ],
  device: ['device', 'trainingdevice', 'simulator', 'sim', 'ftd', 'fstd', 'ffs', 'aircrafttype'],
  designatedAt: [
    'designatedat',
    'designatedon',
    'designated',
    'designationdate',
    'datedesignated',
    'dateofdesignation',
  ],
};

/** The mapping proposed for a file's header: the first column whose name fits each field. */
export function proposeInstructorMapping(columns: string[]): InstructorColumnMapping {
  return proposeColumns(
    columns,
    INSTRUCTOR_IMPORT_FIELDS,
    // `withJoinedName` names a first + last name pair "Full name (…)".
    (field, key) =>
      SYNONYMS[field].includes(key) || (field === 'name' && key.startsWith('fullname')),
  );
}

/** The caller's mapping, checked against the file's columns, with the required fields present. */
export function settleInstructorMapping(
  table: ImportTable,
  requested: InstructorColumnMapping | undefined,
): InstructorColumnMapping {
  const { columns } = table;
  const mapping = { ...proposeInstructorMapping(columns), ...requested };
  for (const [field, column] of Object.entries(mapping)) {
    if (column && !columns.includes(column)) {
      throw invalid(
        `The file has no column "${column}" to import as ${LABELS[field as InstructorImportField]}.`,
      );
    }
  }
  const missing = REQUIRED_INSTRUCTOR_IMPORT_FIELDS.filter((f) => !mapping[f]);
  if (missing.length > 0) {
    throw invalid(
      `Choose the column that holds ${missing.map((f) => LABELS[f]).join(', ')}; the file's columns are ${columns.map((c) => `"${c}"`).join(', ')}.`,
    );
  }
  return mapping;
}
