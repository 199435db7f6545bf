import { LEAF_TYPES, type LeafType } from '@shared/api/ledger';
import { leafHashOf, type Frontier } from './hashing';
import { Mismatch } from './mismatch';
import { LEAF, type LogChunk } from './verify-reads';

/**
 * The checks of one chunk of the log, in memory: leaf bytes against leaf hashes, each leaf's
 * envelope against its columns, and the subtree hashes and signed heads the leaves complete.
 * verify.ts reads the chunks and walks them in order.
 */

/**
 * Where a full verification spends its time, in milliseconds. The reads are the time spent
 * waiting for the database; the next chunk is requested before the current one is checked, so
 * with a server database part of the reading overlaps the hashing.
 */
export interface VerifyPhases {
  /** Waiting for leaves and stored subtree hashes. */
  readLog: number;
  /** SHA-256 of every leaf's bytes, compared with its stored leaf hash. */
  leafHashes: number;
  /** Each leaf's envelope (type, organization, record, version) against its columns. */
  envelopes: number;
  /** Subtree hashes recomputed up the tree and compared with the stored ones; signed heads. */
  tree: number;
  /** Waiting for the record rows (training events, audit entries). */
  readRecords: number;
  /** Rows compared with their leaves, latest versions, orphans; reporting. */
  records: number;
  /** Head, key and state rows, storage bounds. */
  other: number;
  total: number;
}

export const emptyPhases = (): VerifyPhases => ({
  readLog: 0,
  leafHashes: 0,
  envelopes: 0,
  tree: 0,
  readRecords: 0,
  records: 0,
  other: 0,
  total: 0,
});

export interface Counters {
  leaves: number;
  nodes: number;
  heads: number;
  records: number;
  cosignatures: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_TIME_LENGTH = 24;

/**
 * True when the leaf's own envelope names what its columns say (organization, type, record,
 * version), checked without parsing it: in canonical JSON the keys are sorted, so after `data`
 * the leaf ends with a tail whose shape is fixed,
 * `,"organizationId":"…","recordId":"…","recordedAt":"<ISO time>","type":"…","version":N}`.
 * A leaf that is not in that exact form fails too. (Comparing slices with === is several times
 * faster here than startsWith at an offset.)
 */
function envelopeMatches(
  leaf: string,
  recordType: string,
  recordId: string,
  version: string,
  organizationHead: string,
): boolean {
  if (!LEAF_TYPES.includes(recordType as LeafType)) return false;
  const tail = `","type":"${recordType}","version":${version}}`;
  const end = leaf.length - tail.length;
  const head = `${organizationHead}${recordId}","recordedAt":"`;
  const at = end - ISO_TIME_LENGTH - head.length;
  return (
    at >= 8 &&
    leaf.slice(0, 8) === '{"data":' &&
    leaf.slice(end) === tail &&
    leaf.slice(at, end - ISO_TIME_LENGTH) === head &&
    ISO_TIME.test(leaf.slice(end - ISO_TIME_LENGTH, end))
  );
}

export interface WalkState {
  frontier: Frontier;
  counters: Counters;
  phases: VerifyPhases;
  checkHeadsAt: (treeSize: number) => void;
}

/**
 * Leaves [from, to): each present, hashing to its stored hash, in canonical envelope form; then
 * pushed onto the frontier, each completed subtree compared with its stored hash and each signed
 * head at that size checked. The three passes are separate (so their costs can be told apart),
 * and the earliest leaf at which any of them fails is the one reported, in the order the checks
 * of a single leaf come: presence, hash, envelope, then the subtrees and heads it completes.
 */
export function checkLogChunk(
  from: number,
  to: number,
  { leaves, nodes, missing }: LogChunk,
  organizationId: string,
  { frontier, counters, phases, checkHeadsAt }: WalkState,
) {
  const n = to - from;
  const types = leaves.cols[LEAF.type]! as string[];
  const recordIds = leaves.cols[LEAF.recordId]! as string[];
  const versions = leaves.cols[LEAF.version]! as string[];
  const storedHashes = leaves.cols[LEAF.hash]! as string[];
  const texts = leaves.cols[LEAF.leaf]! as string[];
  let failAt = n;
  let failure: Mismatch | null = null;

  const present = missing === null ? n : missing - from;
  let t = performance.now();
  const hashes: string[] = new Array<string>(present);
  for (let i = 0; i < present; i++) {
    const recomputed = leafHashOf(texts[i]!);
    if (recomputed !== storedHashes[i]) {
      failAt = i;
      failure = new Mismatch({
        kind: 'leaf_hash',
        message: `Leaf ${from + i}: its bytes hash to ${recomputed}, the stored leaf hash is ${storedHashes[i]}`,
        leafIndex: from + i,
        recordId: recordIds[i]!,
        expected: recomputed,
        actual: storedHashes[i]!,
      });
      break;
    }
    hashes[i] = recomputed;
  }
  if (!failure && missing !== null) {
    failAt = present;
    failure = new Mismatch({
      kind: 'leaf_missing',
      message: `Leaf ${missing} is missing`,
      leafIndex: missing,
    });
  }
  phases.leafHashes += performance.now() - t;

  t = performance.now();
  const organizationHead = `,"organizationId":"${organizationId}","recordId":"`;
  for (let i = 0; i < failAt; i++) {
    const type = types[i]!;
    const recordId = recordIds[i]!;
    const version = versions[i]!;
    if (!envelopeMatches(texts[i]!, type, recordId, version, organizationHead)) {
      failAt = i;
      failure = new Mismatch({
        kind: 'leaf_envelope',
        message: LEAF_TYPES.includes(type as LeafType)
          ? `Leaf ${from + i} does not read as ${type} ${recordId} version ${version} of this organization in canonical form`
          : `Leaf ${from + i} has an unknown record type ${type}`,
        leafIndex: from + i,
        recordId,
      });
      break;
    }
  }
  phases.envelopes += performance.now() - t;

  t = performance.now();
  const { lowest, hashes: stored } = nodes;
  const closed = (level: number, nodeIndex: number, hash: string) => {
    const found = stored[level]?.[nodeIndex - lowest[level]!];
    if (found !== hash) {
      throw new Mismatch({
        kind: found === undefined ? 'node_missing' : 'node_hash',
        message:
          found === undefined
            ? `The hash of subtree level ${level} index ${nodeIndex} is missing`
            : `Stored hash of subtree level ${level} index ${nodeIndex} is ${found}, the leaves give ${hash}`,
        level,
        nodeIndex,
        expected: hash,
        actual: found ?? null,
      });
    }
    counters.nodes++;
  };
  try {
    for (let i = 0; i < failAt; i++) {
      frontier.push(hashes[i]!, closed);
      counters.leaves++;
      checkHeadsAt(from + i + 1);
    }
  } finally {
    phases.tree += performance.now() - t;
  }
  if (failure) throw failure;
}
