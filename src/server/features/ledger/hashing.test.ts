import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  hashChildren,
  hashLeaf,
  rootFromLeafHashes,
  subtreeHashFromLeaves,
} from '@shared/ledger/merkle';
import {
  Frontier,
  leafHashOf,
  nodeHashOf,
  pushLeaf,
  rootOfFrontier,
  type CompletedNode,
} from './hashing';

describe('server-side RFC 9162 hashing', () => {
  it('hashes leaves and nodes exactly as the shared (browser) implementation does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (a, b) => {
        const ha = leafHashOf(a);
        expect(ha).toBe(hashLeaf(new TextEncoder().encode(a)));
        const hb = leafHashOf(b);
        expect(nodeHashOf(ha, hb)).toBe(hashChildren(ha, hb));
      }),
    );
  });

  it('appending through the frontier gives the RFC root and stores exactly the complete subtrees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (n) => {
        const leaves = Array.from({ length: n }, (_, i) => leafHashOf(`leaf ${i}`));
        const frontier: string[] = [];
        const nodes: CompletedNode[] = [];
        leaves.forEach((h, i) => nodes.push(...pushLeaf(frontier, i, h)));
        expect(rootOfFrontier(frontier, EMPTY_ROOT)).toBe(rootFromLeafHashes(leaves));
        const mth = subtreeHashFromLeaves(leaves);
        let expected = 0;
        for (let span = 2; span <= n; span *= 2) expected += Math.floor(n / span);
        expect(nodes).toHaveLength(expected);
        for (const node of nodes) {
          const size = 2 ** node.level;
          expect(node.hash).toBe(mth(node.nodeIndex * size, size));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('grows the same tree through the frontier class, closing the same subtrees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (n) => {
        const leaves = Array.from({ length: n }, (_, i) => leafHashOf(`leaf ${i}`));
        const frontier = new Frontier();
        const closed: CompletedNode[] = [];
        const expected: CompletedNode[] = [];
        const stack: string[] = [];
        leaves.forEach((h, i) => {
          frontier.push(h, (level, nodeIndex, hash) => closed.push({ level, nodeIndex, hash }));
          expected.push(...pushLeaf(stack, i, h));
        });
        expect(closed).toEqual(expected);
        expect(frontier.stack).toEqual(stack);
        expect(frontier.root(EMPTY_ROOT)).toBe(rootFromLeafHashes(leaves));
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a node hash that is not 64 hex characters', () => {
    expect(() => nodeHashOf('ab', leafHashOf('x'))).toThrow(/64 hex characters/);
  });
});
