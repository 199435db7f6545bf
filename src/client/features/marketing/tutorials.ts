import {
  Bot,
  ClipboardCheck,
  FileSpreadsheet,
  ScanText,
  ShieldCheck,
  UserPlus,
} from 'lucide-react';
import type { Tutorial } from './content';

/**
 * Six written guides, 3 to 7 minutes each (spec: product-core §9); their text is under
 * `guides.items.<id>` in the catalogue.
 */
export const TUTORIALS: Tutorial[] = [
  {
    id: 'first-sign-in',
    minutes: 4,
    thumbnail: { icon: UserPlus, gradient: 'from-sky-500 to-blue-700' },
    difficulty: 'beginner',
    topics: ['signIn', 'users', 'roles'],
    steps: ['signIn', 'openUsers', 'invite', 'share', 'review', 'timeout'],
  },
  {
    id: 'import-and-validate',
    minutes: 6,
    thumbnail: { icon: ScanText, gradient: 'from-cyan-500 to-sky-700' },
    difficulty: 'beginner',
    topics: ['import', 'ocr', 'confidence', 'validation'],
    steps: ['prepare', 'upload', 'processing', 'review', 'correct', 'learn'],
  },
  {
    id: 'records-and-proofs',
    minutes: 5,
    thumbnail: { icon: ShieldCheck, gradient: 'from-emerald-500 to-teal-700' },
    difficulty: 'intermediate',
    topics: ['events', 'regulation', 'merkle', 'bundle'],
    steps: ['create', 'ledger', 'correct', 'download', 'inspector'],
  },
  {
    id: 'part-142-checklist',
    minutes: 7,
    thumbnail: { icon: ClipboardCheck, gradient: 'from-indigo-500 to-blue-800' },
    difficulty: 'intermediate',
    topics: ['checklist', 'evidence', 'findings', 'history'],
    steps: ['open', 'pick', 'status', 'comments', 'evidence', 'history', 'review'],
  },
  {
    id: 'audit-assistant',
    minutes: 5,
    thumbnail: { icon: Bot, gradient: 'from-violet-500 to-indigo-700' },
    difficulty: 'advanced',
    topics: ['assistant', 'gaps', 'risk', 'recommendations'],
    steps: ['check', 'run', 'overview', 'requirements', 'decide', 'report'],
  },
  {
    id: 'export-reports',
    minutes: 3,
    thumbnail: { icon: FileSpreadsheet, gradient: 'from-amber-500 to-orange-700' },
    difficulty: 'beginner',
    topics: ['reports', 'pdf', 'excel', 'inspection'],
    steps: ['checklist', 'analysis', 'auditTrail', 'proofs'],
  },
];
