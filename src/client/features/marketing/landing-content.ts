import {
  ClipboardCheck,
  Database,
  FileSpreadsheet,
  GraduationCap,
  KeyRound,
  ScanText,
  SearchCheck,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/**
 * Landing page copy, by catalogue key (`marketing` namespace; the text is drawn in the reader's
 * language). Every sentence describes something the product does; there are no statistics,
 * customer counts or testimonials here on purpose (DESIGN.md §1).
 */
export interface Highlight {
  icon: LucideIcon;
  /** Catalogue key of the item: `<key>.title`, `<key>.body`. */
  key: string;
  /** A related capability that is not built yet (`<key>.coming`), shown with a 'Coming' badge. */
  coming?: boolean;
}

export interface Audience {
  icon: LucideIcon;
  /** Catalogue key of the audience: `<key>.title`, `<key>.body`, `<key>.points.<point>`. */
  key: string;
  points: readonly string[];
  /** Points that are not built yet (`<key>.coming.<point>`), shown with a 'Coming' badge. */
  coming?: readonly string[];
}

export const FEATURES: Highlight[] = [
  { icon: ScanText, key: 'landing.features.documents' },
  { icon: ShieldCheck, key: 'landing.features.records' },
  { icon: ClipboardCheck, key: 'landing.features.checklist' },
];

export const BENEFITS: Highlight[] = [
  { icon: FileSpreadsheet, key: 'landing.benefits.reports' },
  { icon: SearchCheck, key: 'landing.benefits.verifiable' },
  { icon: KeyRound, key: 'landing.benefits.roles' },
  { icon: Database, key: 'landing.benefits.deployment' },
];

export const AUDIENCES: Audience[] = [
  {
    icon: UserCog,
    key: 'landing.audiences.managers',
    points: ['progress', 'evidence', 'reports'],
  },
  {
    icon: GraduationCap,
    key: 'landing.audiences.instructors',
    points: ['upload', 'confirm', 'photograph', 'offline'],
  },
  {
    icon: Users,
    key: 'landing.audiences.auditors',
    points: ['readOnly', 'proofs', 'auditLog'],
  },
];

/** What an inspector receives for one record (`landing.proof.parts.<part>`); shown beside the hero. */
export const PROOF_BUNDLE_PARTS = ['record', 'leafHash', 'inclusionProof', 'treeHead'] as const;

/** `landing.howItWorks.<step>.title` and `.body`. */
export const HOW_IT_WORKS = ['capture', 'validate', 'record', 'prove'] as const;
