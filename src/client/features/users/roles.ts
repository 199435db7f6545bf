import type { Role } from '@shared/constants/roles';

/** One line per role, from the role matrix of DESIGN.md §4. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Manages users, the organization and settings, and can do everything below.',
  instructor:
    'Uploads documents, validates extracted data, records training and works the checklist.',
  auditor: 'Reads all records, runs the AI audit and exports reports and proofs; changes nothing.',
  viewer: 'Reads only the records assigned to them.',
};
