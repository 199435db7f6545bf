import { describe, expect, it } from 'vitest';
import type { SmartAuditResponse } from '@shared/api/document-generation';
import { smartAuditToast } from './use-smart-audit';

const withSummary = (summary: Partial<SmartAuditResponse['summary']>) =>
  ({
    summary: {
      aiPowered: false,
      documentsGenerated: 0,
      documentsNeeded: 0,
      total: 17,
      compliant: 0,
      criticalIssues: 0,
      ...summary,
    },
  }) as SmartAuditResponse;

describe('smart audit toast (spec §8)', () => {
  it('says "using AI" only when the model drafted a document', () => {
    expect(smartAuditToast(withSummary({ documentsGenerated: 11, documentsNeeded: 6 }))).toEqual({
      title: 'Smart Audit Complete',
      description: 'Generated 11 documents, identified 6 additional needs',
    });
    expect(
      smartAuditToast(withSummary({ aiPowered: true, documentsGenerated: 3, documentsNeeded: 1 }))
        .description,
    ).toBe('Generated 3 documents using AI, identified 1 additional needs');
  });
});
