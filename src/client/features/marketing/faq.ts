import type { FaqGroup } from './content';

/**
 * Questions a Part 142 compliance manager asks before and during a trial, grouped by category;
 * the text is under `faq.groups` in the catalogue (the support address is its `{{email}}`).
 */
export const FAQ_GROUPS: FaqGroup[] = [
  { id: 'gettingStarted', questions: ['database', 'roles', 'migration', 'introduction'] },
  { id: 'documents', questions: ['files', 'confidence', 'outsideAi', 'bestResults'] },
  { id: 'records', questions: ['tamperEvident', 'inspector', 'corrections', 'kept'] },
  { id: 'security', questions: ['access', 'accounts', 'export', 'ownInfrastructure'] },
];
