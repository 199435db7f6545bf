import type { LedgerMismatch } from '@shared/api/ledger';

type MismatchInput = Partial<LedgerMismatch> & Pick<LedgerMismatch, 'kind' | 'message'>;

export function detail(input: MismatchInput): LedgerMismatch {
  return {
    leafIndex: null,
    level: null,
    nodeIndex: null,
    treeSize: null,
    recordId: null,
    expected: null,
    actual: null,
    ...input,
  };
}

/** Thrown inside the verification to stop at the first mismatch. */
export class Mismatch extends Error {
  readonly detail: LedgerMismatch;
  constructor(input: MismatchInput) {
    super(input.message);
    this.detail = detail(input);
  }
}
