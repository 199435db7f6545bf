import { describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { referenceProblems } from '@shared/checklist/reference-validation';
import {
  analyzeGaps,
  headOf,
  highest,
  normaliseText,
  raise,
  summarizeGaps,
  type GapInputs,
  type StoredDocument,
} from './gap-analysis';
import { REQUIREMENTS } from './requirements';

function doc(name: string, text = '', fields: StoredDocument['fields'] = []): StoredDocument {
  return { id: name, name, head: headOf(name, text), body: normaliseText(text), fields };
}

function inputs(partial: Partial<GapInputs> = {}): GapInputs {
  return {
    documents: [],
    checklistStatus: new Map(),
    checklistEvidence: new Map(),
    approved: new Map(),
    ...partial,
  };
}

const statusOf = (result: ReturnType<typeof analyzeGaps>, code: string) =>
  result.find((r) => r.documentType === code)!;

describe('requirements', () => {
  it('cite only paragraphs of Part 142 and name only checklist items that exist', () => {
    const numbers = new Set(CURRENT_CATALOGUE.items.map((i) => i.number));
    for (const requirement of REQUIREMENTS) {
      for (const citation of requirement.regulatoryBasis) {
        expect(referenceProblems(citation), `${requirement.code} ${citation}`).toEqual([]);
      }
      for (const item of requirement.checklistItems) {
        expect(numbers.has(item), `${requirement.code} ${item}`).toBe(true);
      }
    }
  });
});

describe('gap analysis', () => {
  it('finds every requirement missing in an empty organization', () => {
    const result = analyzeGaps(inputs());
    expect(result.every((r) => r.status === 'missing')).toBe(true);
    const summary = summarizeGaps(result);
    expect(summary.documentGaps.generationPriority).toBe('CRITICAL');
    expect(summary.compliant).toBe(0);
    expect(summary.total).toBe(REQUIREMENTS.length);
    // Highest priority first.
    expect(summary.documentGaps.canAutoGenerate[0]).toBe('TRAINING_CENTER_MANUAL');
    expect(summary.documentGaps.canAutoGenerate.at(-1)).toBe('CERTIFICATE_SURRENDER_PROCEDURE');
  });

  it('recognises documents by their name or title block, not by a passing mention', () => {
    const result = analyzeGaps(
      inputs({
        documents: [
          doc(
            'scan-0001.pdf',
            'FEDERAL AVIATION ADMINISTRATION\nTraining Center Certificate\nNo. ABCD123',
          ),
          doc('daily_preflight_check.xlsx'),
          doc('notes.pdf', `${'x '.repeat(400)} see the records retention policy`),
          doc(
            'Training Completion Certificate.pdf',
            'Training Completion Certificate\nStudent Name: J',
          ),
        ],
      }),
    );
    expect(statusOf(result, 'FAA_TRAINING_CENTER_CERTIFICATE')).toMatchObject({
      status: 'present',
      finding: 'Found in “scan-0001.pdf”.',
    });
    expect(statusOf(result, 'FSTD_DAILY_PREFLIGHT_FORM').status).toBe('present');
    expect(statusOf(result, 'RECORDS_RETENTION_PROCEDURE').status).toBe('missing');
  });

  it('reads extracted certificate types for trainee certificate copies', () => {
    const result = analyzeGaps(
      inputs({ documents: [doc('scan.jpg', '', [{ name: 'certificateType', value: 'Medical' }])] }),
    );
    expect(statusOf(result, 'TRAINEE_CERTIFICATE_COPIES').status).toBe('present');
  });

  it('takes checklist answers into account: not applicable, compliant with evidence, non-compliant', () => {
    const result = analyzeGaps(
      inputs({
        checklistStatus: new Map([
          ...['1-04', '1-24', '1-25', '1-26', '2-10', '2-11'].map(
            (n) => [n, 'not-applicable'] as [string, string],
          ),
          ['10-01', 'compliant'],
          ['7-07', 'non-compliant'],
          ['1-11', 'non-compliant'],
          ['1-06', 'non-compliant'],
        ]),
        checklistEvidence: new Map([['10-01', ['doc-1']]]),
      }),
    );
    expect(statusOf(result, 'SATELLITE_CENTER_PROCEDURES').status).toBe('not-applicable');
    expect(statusOf(result, 'QUALITY_CONTROL_PROCEDURES')).toMatchObject({
      status: 'present',
      finding: 'Checklist item 10-01 is answered compliant with evidence attached.',
    });
    expect(statusOf(result, 'FSTD_DAILY_PREFLIGHT_FORM').priority).toBe('CRITICAL');
    expect(statusOf(result, 'CERTIFICATE_SURRENDER_PROCEDURE').priority).toBe('MEDIUM');
    expect(statusOf(result, 'FAA_TRAINING_CENTER_CERTIFICATE')).toMatchObject({
      priority: 'CRITICAL',
      priorityReason: expect.stringMatching(/Kept at CRITICAL: checklist item 1-06/),
    });
    const summary = summarizeGaps(result);
    expect(summary.total).toBe(REQUIREMENTS.length - 1);
  });

  it('counts an approved generated document as present', () => {
    const result = analyzeGaps(
      inputs({ approved: new Map([['QUALITY_CONTROL_PROCEDURES', { title: 'QC' }]]) }),
    );
    expect(statusOf(result, 'QUALITY_CONTROL_PROCEDURES').finding).toBe(
      'Approved generated document “QC”.',
    );
  });

  it('ranks priorities and takes the highest missing one as the generation priority', () => {
    expect(raise('LOW')).toBe('MEDIUM');
    expect(raise('CRITICAL')).toBe('CRITICAL');
    expect(highest(['LOW', 'HIGH', 'MEDIUM'])).toBe('HIGH');
    expect(highest([])).toBe('LOW');
    const onlyLowMissing = analyzeGaps(inputs()).map((r) =>
      r.priority === 'LOW' ? r : { ...r, status: 'present' as const },
    );
    expect(summarizeGaps(onlyLowMissing).documentGaps).toEqual({
      generationPriority: 'LOW',
      canAutoGenerate: ['SATELLITE_CENTER_PROCEDURES', 'CERTIFICATE_SURRENDER_PROCEDURE'],
      requiresExternalUpload: [],
    });
  });
});
