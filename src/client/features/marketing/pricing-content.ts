import { Layers, Rocket, Wallet } from 'lucide-react';
import type { PlanId } from '@shared/constants/plans';
import type { Highlight } from './landing-content';

/**
 * The pricing page's why-choose row and FAQ (spec: product-core §2.4), by catalogue key.
 * Policies, not measurements.
 */
export const PRICING_REASONS: Highlight[] = [
  { icon: Wallet, key: 'pricing.reasons.noSetupFees' },
  { icon: Layers, key: 'pricing.reasons.allFeatures' },
  { icon: Rocket, key: 'pricing.reasons.instant' },
];

/** `pricing.faq.items.<id>.q` and `.a`. */
export const PRICING_FAQ = ['switch', 'pilot', 'migration', 'trialEnd', 'limits'] as const;

/**
 * The plans' texts in the catalogue (`plans.<id>.…`); the table itself (prices, limits, order)
 * is shared with the server in `@shared/constants/plans`, whose English these keys reproduce
 * (pricing-content.test.ts holds them together).
 */
export const PLAN_FEATURES: Record<PlanId, readonly string[]> = {
  trial: ['users', 'documents', 'ocr', 'ledger', 'checklist'],
  'training-center': ['users', 'documents', 'everything', 'reports', 'proofs'],
  enterprise: ['users', 'documents', 'everything', 'postgres', 'model'],
  regulatory: ['users', 'documents', 'everything', 'monitoring', 'auditLog'],
};

/** The key of a plan's button text. */
export const planActionKey = (id: PlanId) =>
  id === 'trial' ? 'pricing.plan.startTrial' : 'pricing.plan.contactSales';
