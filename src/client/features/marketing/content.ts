import type { LucideIcon } from 'lucide-react';

/**
 * Content of the Tutorials and Getting Started pages (spec: product-core §2.4, §3). Guides are
 * written walk-throughs of screens that exist; nothing here is a video.
 */
export type Difficulty = 'Beginner' | 'Intermediate' | 'Advanced';

export interface TutorialStep {
  title: string;
  detail: string;
}

export interface Tutorial {
  id: string;
  title: string;
  /** Reading-and-doing time, shown as "5 min". */
  duration: string;
  description: string;
  /** An icon on a gradient tile; the public pages carry no images. */
  thumbnail: { icon: LucideIcon; gradient: string };
  difficulty: Difficulty;
  topics: string[];
  /** The screens where the guide is carried out, by their names in the sidebar. */
  where: string;
  /** Roles that can carry out the guide. */
  roles: string;
  steps: TutorialStep[];
  /** A related capability that is not built yet, shown with a 'Coming' badge. */
  coming?: string;
}

export interface QuickStartStep {
  step: number;
  title: string;
  description: string;
  time: string;
  minutes: number;
}

export interface FaqEntry {
  q: string;
  a: string;
}

export interface FaqGroup {
  category: string;
  questions: FaqEntry[];
}

export const QUICK_START: QuickStartStep[] = [
  {
    step: 1,
    title: 'Create your organization',
    description:
      'The first visit to a new Centerline opens Setup: enter your training centre’s name and the first administrator’s name, e-mail and password. On a trial, sign in with the account you were given instead.',
    time: '2 min',
    minutes: 2,
  },
  {
    step: 2,
    title: 'Invite your team',
    description:
      'In Users, invite each colleague by e-mail and give them a role: Admin, Instructor, Auditor or Viewer. Each person follows the link in their invitation to set a password.',
    time: '3 min',
    minutes: 3,
  },
  {
    step: 3,
    title: 'Upload your first training documents',
    description:
      'In Document Import, drop a few PDFs, scans, photos or spreadsheets (PDF, XLSX, CSV, JPEG or PNG, up to 10 MB each). Centerline reads them with OCR in the background.',
    time: '2 min',
    minutes: 2,
  },
  {
    step: 4,
    title: 'Validate the fields and create a record',
    description:
      'Review each extracted field and its confidence score, correct what is wrong, and save the validated values as a training event. It is appended to your tamper-evident ledger straight away.',
    time: '5 min',
    minutes: 5,
  },
];

export const QUICK_START_MINUTES = QUICK_START.reduce((sum, step) => sum + step.minutes, 0);

import { TUTORIALS } from './tutorials';

export { TUTORIALS };
export { FAQ_GROUPS } from './faq';

const tutorialMinutes = TUTORIALS.map((tutorial) => Number.parseInt(tutorial.duration, 10));
/** The shortest and longest guide, read from the guides themselves. */
export const TUTORIAL_MINUTES = {
  min: Math.min(...tutorialMinutes),
  max: Math.max(...tutorialMinutes),
};
