export const ROLES = ['admin', 'instructor', 'auditor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  instructor: 'Instructor',
  auditor: 'Auditor',
  viewer: 'Viewer',
};

/**
 * The role matrix of the design (§4). The server checks it on every route; the client reads
 * the same table only to hide what a role cannot do.
 */
export const CAPABILITIES = {
  manageOrganization: ['admin'],
  manageDocuments: ['admin', 'instructor'],
  editChecklist: ['admin', 'instructor'],
  runAudit: ['admin', 'instructor', 'auditor'],
  readAllRecords: ['admin', 'instructor', 'auditor'],
  readAssignedRecords: ['admin', 'instructor', 'auditor', 'viewer'],
  exportReports: ['admin', 'instructor', 'auditor'],
  /** Document generation writes documents: the roles that upload; Auditors read the results. */
  generateDocuments: ['admin', 'instructor'],
  /** Adopting a generated draft links it as checklist evidence for the whole organization. */
  approveGeneratedDocuments: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role, capability: Capability): boolean {
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}
