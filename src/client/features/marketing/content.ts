import type { LucideIcon } from 'lucide-react';

/**
 * Content of the Tutorials and Getting Started pages (spec: product-core §2.4, §3), by catalogue
 * key (`marketing` namespace). Guides are written walk-throughs of screens that exist; nothing
 * here is a video.
 */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/**
 * One guide. Its text is under `guides.items.<id>`: `title`, `description`, `where` (the screens
 * where it is carried out, by their names in the sidebar), `roles` (who can carry it out),
 * `topics.<topic>`, `steps.<step>.title` and `.detail`, and `coming` when it has one.
 */
export interface Tutorial {
  id: string;
  /** Reading-and-doing time, shown as "5 min". */
  minutes: number;
  /** An icon on a gradient tile; the public pages carry no images. */
  thumbnail: { icon: LucideIcon; gradient: string };
  difficulty: Difficulty;
  topics: readonly string[];
  steps: readonly string[];
  /** A related capability that is not built yet, shown with a 'Coming' badge. */
  coming?: boolean;
}

/** A quick-start step; its text is `quickStart.steps.<id>.title` and `.description`. */
export interface QuickStartStep {
  step: number;
  id: string;
  minutes: number;
}

/** A group of questions: `faq.groups.<id>.title`, `faq.groups.<id>.questions.<q>.q` and `.a`. */
export interface FaqGroup {
  id: string;
  questions: readonly string[];
}

export const QUICK_START: QuickStartStep[] = [
  { step: 1, id: 'organization', minutes: 2 },
  { step: 2, id: 'team', minutes: 3 },
  { step: 3, id: 'upload', minutes: 2 },
  { step: 4, id: 'validate', minutes: 5 },
];

export const QUICK_START_MINUTES = QUICK_START.reduce((sum, step) => sum + step.minutes, 0);

import { TUTORIALS } from './tutorials';

export { TUTORIALS };
export { FAQ_GROUPS } from './faq';

const tutorialMinutes = TUTORIALS.map((tutorial) => tutorial.minutes);
/** The shortest and longest guide, read from the guides themselves. */
export const TUTORIAL_MINUTES = {
  min: Math.min(...tutorialMinutes),
  max: Math.max(...tutorialMinutes),
};
