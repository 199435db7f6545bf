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

export interface NavEntry {
  path: string;
  label: string;
  icon: LucideIcon;
  /** A fixed label badge of the observed product ('AA', 'New'). Counts come from data, not here. */
  tag?: string;
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
    path: '/',
    label: 'Dashboard',
    icon: LayoutDashboard,
    title: 'Compliance Dashboard',
    description: 'Monitor training compliance and document processing',
  },
  {
    path: '/far-compliance',
    label: 'FAR Compliance',
    icon: BookCheck,
    title: 'FAA Part 142 Inspection Checklist',
    description: 'The inspection checklist with your organization’s statuses',
  },
  {
    path: '/ai-audit-compliance',
    label: 'Audit Assistant',
    icon: Bot,
    tag: 'AA',
    title: 'AI Audit Compliance Assistant',
    description: 'Analyse your documents against the Part 142 checklist',
  },
  {
    path: '/document-generation',
    label: 'Document Generation',
    icon: FileStack,
    tag: 'New',
    title: 'AI Document Generation',
    description: 'Find missing compliance documents and draft them from your data',
  },
  {
    path: '/fleet-insight',
    label: 'Fleet Insight',
    icon: Plane,
    tag: 'NEW',
    title: 'Fleet Insight',
    description: 'Predictive maintenance for aircraft and flight simulation training devices',
  },
  {
    path: '/compliance-checklist',
    label: 'Part 142 Checklist',
    icon: ClipboardCheck,
    tag: 'New',
    title: 'Part 142 Compliance Checklist',
    description: 'Work through the ten inspection areas with evidence',
  },
  {
    path: '/regulatory-compliance',
    label: 'Regulatory Monitor',
    icon: Globe,
    title: 'Regulatory Compliance Monitor',
    description: 'Regulations, pending changes and required actions',
  },
  {
    path: '/regulatory-alerts',
    label: 'Regulatory Alerts',
    icon: Bell,
    countBadge: 'regulatoryAlerts',
    title: 'Regulatory Alerts',
    description: 'Checklist updates and compliance deadlines',
  },
  {
    path: '/link-monitor',
    label: 'Link Monitor',
    icon: Link2,
    title: 'Regulatory Link Monitor',
    description: 'Health of the regulatory links your manuals cite',
  },
  {
    path: '/document-import',
    label: 'Document Import',
    icon: Upload,
    title: 'Document Import',
    description: 'Upload and process compliance documents with AI',
  },
  {
    path: '/compliance-records',
    label: 'Compliance Records',
    icon: FileText,
    title: 'Compliance Records',
    description: 'View and manage training compliance records',
  },
  {
    path: '/instructors',
    label: 'Instructors',
    icon: UserCheck,
    title: 'Instructors',
    description: 'Instructor and evaluator files with their compliance clocks',
  },
  {
    path: '/admin-dashboard',
    label: 'Admin Dashboard',
    icon: Shield,
    capability: 'manageOrganization',
    title: 'Admin Dashboard',
    description: 'Organization, users and system configuration',
  },
  {
    path: '/mobile-field',
    label: 'Mobile Field',
    icon: Smartphone,
    title: 'Field Operations',
    description: 'Capture documents in the field',
  },
  {
    path: '/support',
    label: 'Support',
    icon: LifeBuoy,
    title: 'Support Center',
    description: 'Help, documentation and contact',
  },
  {
    path: '/settings',
    label: 'Settings',
    icon: Settings,
    title: 'Settings',
    description: 'Your profile, security and preferences',
  },
];

/** Screens reached from elsewhere than the sidebar, with their headers. */
export const EXTRA_PAGES: Record<string, Pick<NavEntry, 'title' | 'description'>> = {
  '/users': {
    title: 'Users',
    description: 'Invite people, set their roles and deactivate accounts',
  },
  '/ml-training': {
    title: 'Analytics',
    description: 'Figures computed from your organization’s records',
  },
  '/dashboard': {
    title: 'Compliance Dashboard',
    description: 'Monitor training compliance and document processing',
  },
  '/documents/:id': {
    title: 'Document',
    description: 'The original beside its extracted fields, for review and validation',
  },
  '/compliance-records/import': {
    title: 'Compliance Records',
    description: 'Import training events from a CSV or XLSX file',
  },
  '/instructors/:id': {
    title: 'Instructors',
    description: 'One person’s file: status, clocks, designations and qualifications',
  },
  '/compliance-records/:id': {
    title: 'Compliance Records',
    description: 'A training event, its versions and its ledger proof',
  },
  '/fleet-insight/devices/:id': {
    title: 'Fleet Insight',
    description: 'One device: release for the day, preflights, discrepancy log, components',
  },
};

export const MOBILE_NAV = [
  { path: '/', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/mobile-field', label: 'Field Ops', icon: Smartphone },
  { path: '/document-import', label: 'Upload', icon: Upload },
  { path: '/compliance-records', label: 'Records', icon: FileText },
] as const;

export const MOBILE_MORE_EXTRA = { path: '/ml-training', label: 'Analytics', icon: Gauge } as const;

export function pageHeading(pathname: string) {
  const entry =
    NAV_ENTRIES.find((e) => e.path === pathname) ??
    EXTRA_PAGES[pathname] ??
    // Screens of one record (/documents/:id) share a heading.
    EXTRA_PAGES[pathname.replace(/\/[^/]+$/, '/:id')];
  return entry ?? { title: 'Centerline', description: '' };
}
