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
 * Landing page copy. Every sentence describes something the product does; there are no
 * statistics, customer counts or testimonials here on purpose (DESIGN.md §1).
 */
export interface Highlight {
  icon: LucideIcon;
  title: string;
  body: string;
  /** A related capability that is not built yet, shown with a 'Coming' badge. */
  coming?: string;
}

export interface Audience {
  icon: LucideIcon;
  title: string;
  body: string;
  points: string[];
  /** Points that are not built yet, shown with a 'Coming' badge. */
  coming?: string[];
}

export const FEATURES: Highlight[] = [
  {
    icon: ScanText,
    title: 'Documents read, not retyped',
    body: 'Upload PDFs, scans, photos and spreadsheets. OCR and field extraction pull out names, certificate numbers and dates, each with a confidence score and the page it came from, and a person validates every field before it enters a record.',
  },
  {
    icon: ShieldCheck,
    title: 'Training records you can prove',
    body: 'Every 14 CFR 142.73 training record is appended to a tamper-evident, append-only Merkle log (RFC 9162). Any record comes with an inclusion proof that an inspector verifies offline, without access to Centerline.',
  },
  {
    icon: ClipboardCheck,
    title: 'The Part 142 checklist, worked with evidence',
    body: 'Work through the 200-item inspection checklist in ten areas. Each item keeps its status, comments, findings and linked evidence, with the full history of who changed what.',
  },
];

export const BENEFITS: Highlight[] = [
  {
    icon: FileSpreadsheet,
    title: 'Audit-ready reports',
    body: 'The Part 142 checklist as a PDF report, Excel workbook or CSV, and each compliance analysis as a PDF, computed from the records and checklist you have stored.',
    coming: 'Summary, Detailed and Audit report types',
  },
  {
    icon: SearchCheck,
    title: 'Verifiable, not just “secure”',
    body: 'Proofs use published standards: SHA-256 hashes, RFC 9162 inclusion proofs and Ed25519-signed tree heads that anyone can recompute.',
  },
  {
    icon: KeyRound,
    title: 'Roles enforced on the server',
    body: 'Admin, Instructor, Auditor and Viewer permissions are checked on every request, and every change lands in the audit log.',
  },
  {
    icon: Database,
    title: 'Runs where you need it',
    body: 'One process on an embedded database, with nothing to install beside it, or your own PostgreSQL with as many nodes as you need.',
  },
];

export const AUDIENCES: Audience[] = [
  {
    icon: UserCog,
    title: 'Compliance managers',
    body: 'See where the centre stands before the inspector does.',
    points: [
      'Checklist progress for all ten Part 142 areas',
      'Missing evidence and open findings in one place',
      'Reports ready for the inspection file',
    ],
  },
  {
    icon: GraduationCap,
    title: 'Instructors and evaluators',
    body: 'Spend the time on training, not on retyping forms.',
    points: [
      'Upload or photograph training documents',
      'Confirm extracted fields instead of typing them',
      'Photograph documents in the field with a phone',
    ],
    coming: ['Capture without signal, uploaded once back online'],
  },
  {
    icon: Users,
    title: 'Auditors and inspectors',
    body: 'Check the records themselves, not a promise about them.',
    points: [
      'Read-only access to every record and report',
      'Proof bundles that verify offline',
      'An audit log of who changed what, and when',
    ],
  },
];

/** What an inspector receives for one record; shown beside the hero. */
export const PROOF_BUNDLE_PARTS = [
  { label: 'Training record', detail: 'Canonical JSON (RFC 8785)' },
  { label: 'Leaf hash', detail: 'SHA-256 of the record' },
  { label: 'Inclusion proof', detail: 'Audit path to the root (RFC 9162)' },
  { label: 'Signed tree head', detail: 'Ed25519 signature over the root' },
];

export const HOW_IT_WORKS = [
  {
    title: 'Capture',
    body: 'Upload or photograph training documents; OCR reads them in the background.',
  },
  {
    title: 'Validate',
    body: 'A person confirms each extracted field, guided by its confidence score.',
  },
  {
    title: 'Record',
    body: 'The validated training event is appended to your tamper-evident ledger.',
  },
  { title: 'Prove', body: 'Export reports and proof bundles an inspector verifies on their own.' },
];
