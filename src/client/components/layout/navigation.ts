import {
  Bell,
  BookCheck,
  Bot,
  ClipboardCheck,
  FileStack,
  FileText,
  Gauge,
  Globe,
  LayoutDashboard,
  LifeBuoy,
  Link2,
  Plane,
  Settings,
  Shield,
  Smartphone,
  Upload,
  UserCheck,
  type LucideIcon,
} from 'lucide-react';
import type { Capability } from '@shared/constants/roles';

/**
 * The screens with a heading of their own. The shell draws `nav.<id>` (the sidebar's label) and
 * `pages.<id>.title` / `.description` from the common catalogue; the English `label`, `title`
 * and `description` below are the spec's words, which the end-to-end suite and the public
 * diagnostics page read.
 */
export type PageId =
  | 'dashboard'
  | 'farCompliance'
  | 'auditAssistant'
  | 'documentGeneration'
  | 'fleetInsight'
  | 'checklist'
  | 'regulatoryMonitor'
  | 'regulatoryAlerts'
  | 'linkMonitor'
  | 'documentImport'
  | 'complianceRecords'
  | 'instructors'
  | 'adminDashboard'
  | 'mobileField'
  | 'support'
  | 'settings'
  | 'users'
  | 'analytics'
  | 'document'
  | 'recordsImport'
  | 'instructorFile'
  | 'trainingEvent'
  | 'device'
  | 'auditorPortal'
  | 'helpArticle'
  | 'supportTicket';

/** A fixed label badge of the observed product, drawn as `nav.tags.<tag>`. */
export type NavTag = 'AA' | 'New' | 'NEW';

export interface NavEntry {
  id: PageId;
  path: string;
  label: string;
  icon: LucideIcon;
  /** A fixed label badge of the observed product ('AA', 'New'). Counts come from data, not here. */
  tag?: NavTag;
  /** A counted badge, filled from the API (hidden at 0). */
  countBadge?: 'regulatoryAlerts';
  /** Shown only to roles with this capability. */
  capability?: Capability;
  title: string;
  description: string;
}

/**
 * The sidebar's entries: the spec's 15 in its order, with Instructors (issue 16) after the
 * records. Page headers read their titles from here.
 */
export const NAV_ENTRIES: NavEntry[] = [
  {
    id: 'dashboard',
    path: '/',
    label: 'Dashboard',
    icon: LayoutDashboard,
    title: 'Compliance Dashboard',
    description: 'Monitor training compliance and document processing',
  },
  {
    id: 'farCompliance',
    path: '/far-compliance',
    label: 'FAR Compliance',
    icon: BookCheck,
    title: 'FAA Part 142 Inspection Checklist',
    description: 'The inspection checklist with your organization’s statuses',
  },
  {
    id: 'auditAssistant',
    path: '/ai-audit-compliance',
    label: 'Audit Assistant',
    icon: Bot,
    tag: 'AA',
    title: 'AI Audit Compliance Assistant',
    description: 'Analyse your documents against the Part 142 checklist',
  },
  {
    id: 'documentGeneration',
    path: '/document-generation',
    label: 'Document Generation',
    icon: FileStack,
    tag: 'New',
    title: 'AI Document Generation',
    description: 'Find missing compliance documents and draft them from your data',
  },
  {
    id: 'fleetInsight',
    path: '/fleet-insight',
    label: 'Fleet Insight',
    icon: Plane,
    tag: 'NEW',
    title: 'Fleet Insight',
    description: 'Predictive maintenance for aircraft and flight simulation training devices',
  },
  {
    id: 'checklist',
    path: '/compliance-checklist',
    label: 'Part 142 Checklist',
    icon: ClipboardCheck,
    tag: 'New',
    title: 'Part 142 Compliance Checklist',
    description: 'Work through the ten inspection areas with evidence',
  },
  {
    id: 'regulatoryMonitor',
    path: '/regulatory-compliance',
    label: 'Regulatory Monitor',
    icon: Globe,
    title: 'Regulatory Compliance Monitor',
    description: 'Regulations, pending changes and required actions',
  },
  {
    id: 'regulatoryAlerts',
    path: '/regulatory-alerts',
    label: 'Regulatory Alerts',
    icon: Bell,
    countBadge: 'regulatoryAlerts',
    title: 'Regulatory Alerts',
    description: 'Checklist updates and compliance deadlines',
  },
  {
    id: 'linkMonitor',
    path: '/link-monitor',
    label: 'Link Monitor',
    icon: Link2,
    title: 'Regulatory Link Monitor',
    description: 'Health of the regulatory links your manuals cite',
  },
  {
    id: 'documentImport',
    path: '/document-import',
    label: 'Document Import',
    icon: Upload,
    title: 'Document Import',
    description: 'Upload and process compliance documents with AI',
  },
  {
    id: 'complianceRecords',
    path: '/compliance-records',
    label: 'Compliance Records',
    icon: FileText,
    title: 'Compliance Records',
    description: 'View and manage training compliance records',
  },
  {
    id: 'instructors',
    path: '/instructors',
    label: 'Instructors',
    icon: UserCheck,
    title: 'Instructors',
    description: 'Instructor and evaluator files with their compliance clocks',
  },
  {
    id: 'adminDashboard',
    path: '/admin-dashboard',
    label: 'Admin Dashboard',
    icon: Shield,
    capability: 'manageOrganization',
    title: 'Admin Dashboard',
    description: 'Organization, users and system configuration',
  },
  {
    id: 'mobileField',
    path: '/mobile-field',
    label: 'Mobile Field',
    icon: Smartphone,
    title: 'Field Operations',
    description: 'Capture documents in the field',
  },
  {
    id: 'support',
    path: '/support',
    label: 'Support',
    icon: LifeBuoy,
    title: 'Support Center',
    description: 'Help, documentation and contact',
  },
  {
    id: 'settings',
    path: '/settings',
    label: 'Settings',
    icon: Settings,
    title: 'Settings',
    description: 'Your profile, security and preferences',
  },
];

/** Screens reached from elsewhere than the sidebar, with their headers. */
export const EXTRA_PAGES: Record<string, Pick<NavEntry, 'id' | 'title' | 'description'>> = {
  '/auditor-portal': {
    id: 'auditorPortal',
    title: 'Auditor Portal',
    description: 'Read-only: records, evidence, the ledger and its proofs',
  },
  '/users': {
    id: 'users',
    title: 'Users',
    description: 'Invite people, set their roles and deactivate accounts',
  },
  '/ml-training': {
    id: 'analytics',
    title: 'Analytics',
    description: 'Figures computed from your organization’s records',
  },
  '/dashboard': {
    id: 'dashboard',
    title: 'Compliance Dashboard',
    description: 'Monitor training compliance and document processing',
  },
  '/documents/:id': {
    id: 'document',
    title: 'Document',
    description: 'The original beside its extracted fields, for review and validation',
  },
  '/compliance-records/import': {
    id: 'recordsImport',
    title: 'Compliance Records',
    description: 'Import training events from a CSV or XLSX file',
  },
  '/instructors/:id': {
    id: 'instructorFile',
    title: 'Instructors',
    description: 'One person’s file: status, clocks, designations and qualifications',
  },
  '/compliance-records/:id': {
    id: 'trainingEvent',
    title: 'Compliance Records',
    description: 'A training event, its versions and its ledger proof',
  },
  '/support/articles/:id': {
    id: 'helpArticle',
    title: 'Support Center',
    description: 'Help centre article',
  },
  '/support/tickets/:id': {
    id: 'supportTicket',
    title: 'Support Center',
    description: 'A support request and its conversation',
  },
  '/fleet-insight/devices/:id': {
    id: 'device',
    title: 'Fleet Insight',
    description: 'One device: release for the day, preflights, discrepancy log, components',
  },
};

/** The bottom bar on mobile; drawn as `mobileNav.<id>`, the English `label` kept for the spec. */
export const MOBILE_NAV = [
  { id: 'dashboard', path: '/', label: 'Dashboard', icon: LayoutDashboard },
  { id: 'fieldOps', path: '/mobile-field', label: 'Field Ops', icon: Smartphone },
  { id: 'upload', path: '/document-import', label: 'Upload', icon: Upload },
  { id: 'records', path: '/compliance-records', label: 'Records', icon: FileText },
] as const;

export const MOBILE_MORE_EXTRA = {
  id: 'analytics',
  path: '/ml-training',
  label: 'Analytics',
  icon: Gauge,
} as const;

/** The heading of a path: its page (`pages.<id>` in the common catalogue), or none (Centerline). */
export function pageHeading(pathname: string): {
  id: PageId | null;
  title: string;
  description: string;
} {
  const entry =
    NAV_ENTRIES.find((e) => e.path === pathname) ??
    EXTRA_PAGES[pathname] ??
    // Screens of one record (/documents/:id) share a heading.
    EXTRA_PAGES[pathname.replace(/\/[^/]+$/, '/:id')];
  return entry ?? { id: null, title: 'Centerline', description: '' };
}
