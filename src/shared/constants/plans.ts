/**
 * The plan table. The pricing page renders it and the server enforces its limits
 * (`userLimit`, `documentLimit`; `null` means unlimited), so the two can never disagree.
 */
export const PLAN_IDS = ['trial', 'training-center', 'enterprise', 'regulatory'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period: string;
  description: string;
  userLimit: number | null;
  documentLimit: number | null;
  features: string[];
  buttonText: string;
  buttonVariant: 'default' | 'outline';
  isPopular: boolean;
}

export const SALES_EMAIL = 'sales@centerline.aero';
export const SUPPORT_EMAIL = 'support@centerline.aero';

export const PLANS: readonly Plan[] = [
  {
    id: 'trial',
    name: 'Trial',
    price: '$0',
    period: 'for 30 days',
    description: 'Try every feature with your own records before you decide.',
    userLimit: 5,
    documentLimit: 100,
    features: [
      'Up to 5 users',
      'Up to 100 documents',
      'OCR and field extraction with confidence scores',
      'Verifiable training-record ledger',
      'Part 142 inspection checklist',
    ],
    buttonText: 'Start Free Trial',
    buttonVariant: 'outline',
    isPopular: false,
  },
  {
    id: 'training-center',
    name: 'Training Center',
    price: '$299',
    period: 'per month',
    description: 'For a certificated Part 142 centre and its satellites.',
    userLimit: 50,
    documentLimit: 1000,
    features: [
      'Up to 50 users',
      'Up to 1,000 documents',
      'Everything in Trial',
      'PDF and Excel audit reports',
      'Proof bundles an inspector verifies offline',
    ],
    buttonText: 'Contact Sales',
    buttonVariant: 'default',
    isPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: '$799',
    period: 'per month',
    description: 'For groups of training centres that need scale and their own infrastructure.',
    userLimit: null,
    documentLimit: null,
    features: [
      'Unlimited users',
      'Unlimited documents',
      'Everything in Training Center',
      'Runs on your own PostgreSQL, any number of nodes',
      'Bring your own OpenAI-compatible model',
    ],
    buttonText: 'Contact Sales',
    buttonVariant: 'outline',
    isPopular: false,
  },
  {
    id: 'regulatory',
    name: 'Regulatory',
    price: '$1499',
    period: 'per month',
    description: 'For organisations that oversee several centres and their inspections.',
    userLimit: null,
    documentLimit: null,
    features: [
      'Unlimited users',
      'Unlimited documents',
      'Everything in Enterprise',
      'Regulatory monitoring and link checks',
      'Audit-log export for oversight',
    ],
    buttonText: 'Contact Sales',
    buttonVariant: 'outline',
    isPopular: false,
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function salesMailto(plan: Plan): string {
  const subject = encodeURIComponent(`Centerline ${plan.name} plan`);
  return `mailto:${SALES_EMAIL}?subject=${subject}`;
}
