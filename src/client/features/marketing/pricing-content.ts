import { Layers, Rocket, Wallet } from 'lucide-react';
import type { FaqEntry } from './content';
import type { Highlight } from './landing-content';

/** The pricing page's why-choose row and FAQ (spec: product-core §2.4). Policies, not measurements. */
export const PRICING_REASONS: Highlight[] = [
  {
    icon: Wallet,
    title: 'No setup fees',
    body: 'You pay the plan price and nothing else to get started. Help migrating your existing records is free.',
  },
  {
    icon: Layers,
    title: 'Enterprise features in all plans',
    body: 'OCR extraction, the verifiable training-record ledger and the Part 142 checklist are in every plan, the trial included.',
  },
  {
    icon: Rocket,
    title: 'Instant deployment',
    body: 'Start the trial from your browser, or run Centerline yourself with one command on its embedded database.',
  },
];

export const PRICING_FAQ: FaqEntry[] = [
  {
    q: 'Can we switch plans later?',
    a: 'Yes, at any time. Moving up or down takes effect immediately, and your records, proofs and checklist stay exactly as they are.',
  },
  {
    q: 'Do you offer pilot programs?',
    a: 'Yes. If you want to run Centerline alongside your current process for one course or one site before committing, write to sales and we will agree the scope with you.',
  },
  {
    q: 'Will you help us move our existing data?',
    a: 'Yes, free of charge on every plan. Training events import from CSV or XLSX, and we help you map your current spreadsheets and exports.',
  },
  {
    q: 'What happens when the trial ends?',
    a: 'Choose a plan to carry on with the same data. Whatever you decide, you can export your data at any time.',
  },
  {
    q: 'What counts towards the document limit?',
    a: 'Each file uploaded for processing counts as one document. Every account in your organization that is not deactivated counts as a user, pending invitations included.',
  },
];
