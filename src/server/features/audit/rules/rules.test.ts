import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STATUSES, RISK_LEVELS, type EvidenceQuote } from '@shared/api/audit';
import { CURRENT_CATALOGUE } from '@shared/checklist/catalogue';
import { CHECKLIST_STATUSES } from '@shared/checklist/types';
import { isCheckEvent, isUnsatisfactory, runRecordCheck, type EventFacts } from '../record-checks';
import { criterion } from './criteria';
import { analyzeItem, riskFor, type ItemEvidence } from './decide';
import { criteriaOf, ruleGroupOf } from './groups';

const item = (number: string) => CURRENT_CATALOGUE.items.find((i) => i.number === number)!;

function evidence(number: string, overrides: Partial<ItemEvidence> = {}): ItemEvidence {
  const group = ruleGroupOf(number)!;
  return {
    item: item(number),
    group,
    documentCount: 5,
    response: null,
    attachedDocuments: [],
    criteria: criteriaOf(group, number).map((id) => ({ criterion: criterion(id), quotes: [] })),
    record: null,
    ...overrides,
  };
}

const quote = (name: string, page: number): EvidenceQuote => ({
  documentId: `doc-${name}`,
  documentName: name,
  page,
  excerpt: 'the page says so',
  source: 'retrieval',
});

function withAllFound(number: string, overrides: Partial<ItemEvidence> = {}) {
  const base = evidence(number, overrides);
  return {
    ...base,
    criteria: base.criteria.map((c, i) => ({ ...c, quotes: [quote(`Doc ${i}.pdf`, i + 1)] })),
  };
}

let n = 0;
const event = (e: Partial<EventFacts>): EventFacts => ({
  id: `e${++n}`,
  studentName: 'Jordan Alvarez',
  licenseNumber: '123',
  course: 'CE-560XL',
  eventType: 'Simulator session',
  eventDate: '2025-03-01',
  status: 'completed',
  result: null,
  instructor: 'Dana Reyes',
  evaluator: null,
  remarks: null,
  ...e,
});

describe('the rules', () => {
  it('decide COMPLIANT when every criterion has evidence, and quote document and page', () => {
    const a = analyzeItem(withAllFound('7-10'));
    expect(a.complianceStatus).toBe('COMPLIANT');
    expect(a.riskLevel).toBe('LOW');
    expect(a.preliminaryResponse).toContain('(Doc 0.pdf, page 1)');
    expect(a.preliminaryResponse).toContain('(Doc 1.pdf, page 2)');
    expect(a.additionalDocumentsNeeded).toEqual([]);
    expect(a.estimatedTimeToCompliance).toBe('None: already compliant');
  });

  it('decide PARTIAL when only some criteria have evidence, naming what is missing', () => {
    const base = evidence('7-10');
    const a = analyzeItem({
      ...base,
      criteria: [{ ...base.criteria[0]!, quotes: [quote('Log.pdf', 3)] }, base.criteria[1]!],
    });
    expect(a.complianceStatus).toBe('PARTIAL');
    expect(a.riskLevel).toBe('MEDIUM');
    expect(a.preliminaryResponse).toContain(
      'Missing: discrepancies corrected or deferred before further use, which takes a simulator or FSTD record.',
    );
    expect(a.additionalDocumentsNeeded).toEqual([
      'Discrepancy log entries showing corrective action (a simulator or FSTD record)',
    ]);
  });

  it('decide INSUFFICIENT_DATA without evidence, and with no documents at all', () => {
    expect(analyzeItem(evidence('7-10')).complianceStatus).toBe('INSUFFICIENT_DATA');
    const none = analyzeItem(
      withAllFound('7-10', {
        documentCount: 0,
        response: { status: 'compliant', comments: '', findings: '' },
      }),
    );
    expect(none.complianceStatus).toBe('INSUFFICIENT_DATA');
    expect(none.preliminaryResponse).toContain('a response alone is not evidence');
  });

  it('follow the organization’s own non-compliant finding and a failing record check', () => {
    const own = analyzeItem(
      withAllFound('5-13', {
        response: { status: 'non-compliant', comments: '', findings: 'No LOFT hour.' },
      }),
    );
    expect(own.complianceStatus).toBe('NON_COMPLIANT');
    expect(own.preliminaryResponse).toContain('Findings: No LOFT hour.');
    const late = analyzeItem(
      withAllFound('9-16', { record: { outcome: 'fail', facts: ['1 of 1 checks came late.'] } }),
    );
    expect(late.complianceStatus).toBe('NON_COMPLIANT');
    expect(late.riskLevel).toBe('CRITICAL');
  });

  it('let a passing record check prove the items it suffices for', () => {
    const a = analyzeItem(
      evidence('8-07', {
        record: { outcome: 'pass', facts: ['All 3 checks name the evaluator.'] },
      }),
    );
    expect(a.complianceStatus).toBe('COMPLIANT');
    expect(a.preliminaryResponse).toContain('All 3 checks name the evaluator.');
  });

  it('always state a reason, for any combination of inputs', () => {
    const numbers = CURRENT_CATALOGUE.items.map((i) => i.number);
    fc.assert(
      fc.property(
        fc.constantFrom(...numbers),
        fc.constantFrom(...CHECKLIST_STATUSES, null),
        fc.nat(3),
        fc.boolean(),
        fc.constantFrom('pass', 'fail', 'partial', 'none', null),
        (number, status, docs, found, outcome) => {
          const base = found ? withAllFound(number) : evidence(number);
          const a = analyzeItem({
            ...base,
            documentCount: docs,
            response: status ? { status, comments: '', findings: '' } : null,
            record: outcome ? { outcome, facts: outcome === 'none' ? [] : ['A fact.'] } : null,
          });
          expect(COMPLIANCE_STATUSES).toContain(a.complianceStatus);
          expect(RISK_LEVELS).toContain(a.riskLevel);
          // Status label, then at least one reason, then the basis.
          expect(a.preliminaryResponse.split('. ').length).toBeGreaterThanOrEqual(3);
          expect(a.preliminaryResponse).toContain('Requirement basis: 14 CFR');
          expect(a.confidenceScore).toBeGreaterThan(0);
          expect(a.confidenceScore).toBeLessThanOrEqual(1);
          if (a.complianceStatus !== 'COMPLIANT')
            expect(a.estimatedTimeToCompliance).not.toMatch(/^None/);
        },
      ),
    );
  });

  it('set aside a matching page whose kind cannot satisfy the item, and say why', () => {
    const base = evidence('7-01');
    const a = analyzeItem({
      ...base,
      criteria: [
        {
          ...base.criteria[0]!,
          setAside: [
            {
              quote: quote('Training Record Smith.pdf', 1),
              document: {
                kind: 'training-record',
                confidence: 0.9,
                strongKinds: [],
                provisional: null,
                person: null,
                promotional: false,
                adverse: [],
                breach: [],
              },
              terms: ['simulator', 'level'],
            },
          ],
        },
      ],
    });
    expect(a.complianceStatus).toBe('INSUFFICIENT_DATA');
    expect(a.evidence).toEqual([]);
    expect(a.preliminaryResponse).toContain(
      'Found “simulator”, “level” in Training Record Smith.pdf (page 1), but a training record cannot show FAA qualification of each flight simulation training device.',
    );
    expect(a.preliminaryResponse).toContain(
      'What would settle it: FSTD statement of qualification for each device (a simulator or FSTD record or the training specifications).',
    );
    const unsure = analyzeItem({
      ...base,
      criteria: [
        {
          ...base.criteria[0]!,
          setAside: [
            {
              quote: quote('scan.pdf', 2),
              document: {
                kind: 'fstd-record',
                confidence: 0.3,
                strongKinds: [],
                provisional: null,
                person: null,
                promotional: false,
                adverse: [],
                breach: [],
              },
              terms: ['simulator'],
            },
          ],
        },
      ],
    });
    expect(unsure.complianceStatus).toBe('INSUFFICIENT_DATA');
    expect(unsure.preliminaryResponse).toContain(
      'but what kind of document it is could not be told with confidence (it looks most like a simulator or FSTD record)',
    );
  });

  it('count a page of a partial kind toward PARTIAL only, saying what it lacks', () => {
    const base = evidence('7-07');
    const a = analyzeItem({
      ...base,
      criteria: [{ ...base.criteria[0]!, partial: [quote('Manual.pdf', 5)] }],
    });
    expect(a.complianceStatus).toBe('PARTIAL');
    expect(a.preliminaryResponse).toContain(
      'Manual.pdf (page 5) shows daily functional preflight checks of each device only in part: a procedure requires the daily check; only device records show it done.',
    );
    expect(a.evidence.map((q) => q.documentName)).toEqual(['Manual.pdf']);
  });

  it('let a clean record prove nothing for items the records can only count against', () => {
    const pass = { outcome: 'pass' as const, facts: ['All 2 checks were passed.'] };
    expect(analyzeItem(evidence('4-08', { record: pass })).complianceStatus).toBe(
      'INSUFFICIENT_DATA',
    );
    const open = { outcome: 'partial' as const, facts: ['An unsatisfactory check.'] };
    const a = analyzeItem(evidence('4-08', { documentCount: 0, record: open }));
    expect(a.complianceStatus).toBe('PARTIAL');
    expect(a.preliminaryResponse).toContain('An unsatisfactory check.');
  });

  it('need a reason for not applicable, and judge records without documents', () => {
    const silent = analyzeItem(
      evidence('7-11', { response: { status: 'not-applicable', comments: ' ', findings: '' } }),
    );
    expect(silent.complianceStatus).toBe('INSUFFICIENT_DATA');
    const late = analyzeItem(
      evidence('9-16', {
        documentCount: 0,
        record: { outcome: 'fail', facts: ['1 of 1 checks came late.'] },
      }),
    );
    expect(late.complianceStatus).toBe('NON_COMPLIANT');
  });

  it('derive risk from status and severity', () => {
    expect(riskFor('COMPLIANT', 'CRITICAL')).toBe('LOW');
    expect(riskFor('NON_COMPLIANT', 'CRITICAL')).toBe('CRITICAL');
    expect(riskFor('NON_COMPLIANT', 'MEDIUM')).toBe('HIGH');
    expect(riskFor('NON_COMPLIANT', 'LOW')).toBe('MEDIUM');
    expect(riskFor('PARTIAL', 'CRITICAL')).toBe('HIGH');
    expect(riskFor('INSUFFICIENT_DATA', 'HIGH')).toBe('MEDIUM');
  });
});

describe('record checks (14 CFR 142.73, 142.13(b))', () => {
  it('measure the gap from the last completed training to the check', () => {
    const onTime = [
      event({ eventDate: '2025-03-01' }),
      event({
        eventType: 'Proficiency check',
        eventDate: '2025-03-08',
        evaluator: 'Sam Ortiz',
        result: 'Pass',
      }),
    ];
    expect(runRecordCheck('evaluation-within-7-days', onTime).outcome).toBe('pass');
    const late = [
      event({ eventDate: '2025-03-01' }),
      event({ eventType: 'Proficiency check', eventDate: '2025-03-09', evaluator: 'Sam Ortiz' }),
    ];
    const result = runRecordCheck('evaluation-within-7-days', late);
    expect(result.outcome).toBe('fail');
    expect(result.facts[0]).toContain('(8 days)');
    expect(runRecordCheck('evaluation-within-7-days', [event({})]).outcome).toBe('none');
  });

  it('find a trainee recommended or graduated before the course was done', () => {
    const course = { course: 'CL300 Recurrent', studentName: 'Marisol Etxeberria' };
    const graduated = event({ ...course, eventType: 'Graduation', eventDate: '2025-04-17' });
    const pending = event({
      ...course,
      eventType: 'Simulator session R2',
      eventDate: '2025-04-16',
      status: 'pending',
    });
    const result = runRecordCheck('no-open-failures', [pending, graduated]);
    expect(result.outcome).toBe('fail');
    expect(result.facts[0]).toContain(
      'Marisol Etxeberria, Graduation on 2025-04-17, while Simulator session R2 was still pending',
    );
    const recommended = event({
      ...course,
      eventType: 'Recommendation for practical test',
      eventDate: '2025-05-08',
    });
    const flownAfter = event({
      ...course,
      eventType: 'Simulator session S9',
      eventDate: '2025-05-09',
    });
    expect(runRecordCheck('no-open-failures', [recommended, flownAfter]).facts[0]).toContain(
      'while Simulator session S9 was flown on 2025-05-09',
    );
    // Everything done first: nothing to hold against the recommendation.
    const done = event({ ...course, eventType: 'Simulator session S9', eventDate: '2025-05-07' });
    expect(runRecordCheck('no-open-failures', [done, recommended]).outcome).not.toBe('fail');
  });

  it('tell a check from training about a check', () => {
    for (const type of ['Proficiency check', 'End-of-course practical test (retest)', 'Line check'])
      expect(isCheckEvent({ eventType: type }), type).toBe(true);
    for (const type of [
      'Additional training after failed test',
      'Checkride preparation lesson',
      'Simulator session before check',
      'Simulator session 4',
    ])
      expect(isCheckEvent({ eventType: type }), type).toBe(false);
  });

  it('find checks without an evaluator, and failed checks without additional training', () => {
    const checks = [
      event({ eventType: 'Check', evaluator: 'Sam Ortiz', result: 'Pass' }),
      event({ eventType: 'Check', studentName: 'Mia Chen', result: 'Pass' }),
    ];
    // Each test's record must name its evaluator: one that does not is a finding.
    expect(runRecordCheck('trainee-practical-tests', checks)).toMatchObject({ outcome: 'fail' });
    const failed = [event({ eventType: 'Check', status: 'failed', eventDate: '2025-03-05' })];
    expect(runRecordCheck('trainee-additional-training', failed).outcome).toBe('fail');
    // Training after the failed check, but without its hours: only partly recorded.
    expect(
      runRecordCheck('trainee-additional-training', [...failed, event({ eventDate: '2025-03-06' })])
        .outcome,
    ).toBe('partial');
    expect(
      runRecordCheck('trainee-additional-training', [
        ...failed,
        event({ eventDate: '2025-03-06', remarks: '1.5 hours additional training' }),
      ]).outcome,
    ).toBe('pass');
  });

  it('read Unsatisfactory, Unsat, Fail and Incomplete as failed, whatever the status says', () => {
    for (const result of [
      'Unsatisfactory',
      'Unsat',
      'Fail',
      'failed',
      'Incomplete',
      'Not passed',
    ]) {
      expect(isUnsatisfactory({ status: 'completed', result }), result).toBe(true);
    }
    for (const result of ['Pass', 'Satisfactory', 'Pass (engine failure handled)', null]) {
      expect(isUnsatisfactory({ status: 'completed', result }), String(result)).toBe(false);
    }
    expect(isUnsatisfactory({ status: 'failed', result: null })).toBe(true);
  });

  it('hold an unsatisfactory check without a passed retest against graduation', () => {
    const unsat = event({
      studentName: 'Priya Shah',
      eventType: 'Proficiency check',
      eventDate: '2025-03-12',
      evaluator: 'Sam Ortiz',
      result: 'Unsatisfactory',
    });
    const open = runRecordCheck('no-open-failures', [unsat]);
    expect(open.outcome).toBe('partial');
    expect(open.facts[0]).toContain('Priya Shah, Proficiency check on 2025-03-12 (Unsatisfactory)');
    const graduated = runRecordCheck('no-open-failures', [
      unsat,
      event({ studentName: 'Priya Shah', eventType: 'Graduation', eventDate: '2025-03-14' }),
    ]);
    expect(graduated.outcome).toBe('fail');
    expect(graduated.facts[0]).toContain('then Graduation on 2025-03-14');
    const certified = runRecordCheck('graduation-after-tests', [unsat], {
      completions: [{ studentName: 'Priya Shah', documentName: 'Completion Shah.pdf' }],
    });
    expect(certified.outcome).toBe('fail');
    expect(certified.facts[0]).toContain('yet Completion Shah.pdf certifies completion');
    const retested = runRecordCheck('no-open-failures', [
      unsat,
      event({
        studentName: 'Priya Shah',
        eventType: 'Proficiency check',
        eventDate: '2025-03-16',
        evaluator: 'Sam Ortiz',
        result: 'Pass',
      }),
    ]);
    expect(retested.outcome).toBe('pass');
    // An unsatisfactory check recorded as "completed" still needs additional training.
    expect(runRecordCheck('trainee-additional-training', [unsat]).outcome).toBe('fail');
  });

  it('count a field missing from any record as a failure, and an optional one from some as partial', () => {
    expect(runRecordCheck('trainee-course', [event({ course: null })]).outcome).toBe('fail');
    expect(runRecordCheck('trainee-course', [event({ course: null }), event({})]).outcome).toBe(
      'fail',
    );
    // A pilot certificate is kept "if any": a trainee may hold none.
    expect(
      runRecordCheck('trainee-certificates', [event({ licenseNumber: null }), event({})]).outcome,
    ).toBe('partial');
    expect(runRecordCheck('trainee-course', [event({})]).outcome).toBe('pass');
    // Pending events are not yet held and are not judged.
    expect(
      runRecordCheck('trainee-course', [event({ course: null, status: 'pending' })]).outcome,
    ).toBe('none');
  });
});
