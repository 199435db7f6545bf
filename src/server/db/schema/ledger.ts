import {
  bigint,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './core';

/*
 * The per-organization RFC 9162 log. Leaves, nodes and heads carry the organization id without a
 * foreign key: a foreign key check locks the organization row once per inserted row, which costs
 * time on bulk appends and would take that lock after the ledger lock (lock order, see
 * features/ledger/append.ts). Organizations are never deleted, and every query filters on it.
 */

const bigNumber = (name: string) => bigint(name, { mode: 'number' });

/**
 * One row per organization: the append lock (SELECT ... FOR UPDATE), the tree size (next index),
 * the root, and the frontier: hashes of the complete subtrees along the right edge, largest
 * first, from which the next append and the root are computed without reading the tree.
 */
export const ledgerStates = pgTable('ledger_states', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  treeSize: bigNumber('tree_size').notNull().default(0),
  rootHash: text('root_hash').notNull(),
  frontier: text('frontier').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerLeaves = pgTable(
  'ledger_leaves',
  {
    organizationId: uuid('organization_id').notNull(),
    leafIndex: bigNumber('leaf_index').notNull(),
    recordType: text('record_type').notNull(),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    /** RFC 8785 canonical JSON; its UTF-8 bytes are the leaf the hash covers. */
    leaf: text('leaf').notNull(),
    /** SHA-256(0x00 || leaf bytes), lowercase hex. */
    leafHash: text('leaf_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leafIndex] }),
    // Record ids are UUIDs, unique across record types, so the type is not part of the key.
    uniqueIndex('ledger_leaves_record_version').on(t.organizationId, t.recordId, t.version),
  ],
);

/**
 * Hashes of complete subtrees of two leaves or more: node (level, nodeIndex) covers leaves
 * [nodeIndex * 2^level, (nodeIndex + 1) * 2^level). Level 0 is the leaf hash in ledger_leaves.
 * Written once, when the subtree's last leaf is appended; never changed after.
 */
export const ledgerNodes = pgTable(
  'ledger_nodes',
  {
    organizationId: uuid('organization_id').notNull(),
    level: smallint('level').notNull(),
    nodeIndex: bigNumber('node_index').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.level, t.nodeIndex] })],
);

/**
 * The organization's Ed25519 signing key. The private key (PKCS#8 PEM) is kept in this row,
 * behind the same organization boundary as the log itself: see docs/ARCHITECTURE.md ('Ledger')
 * for why that is the trust model and what protects against someone who can write the database.
 */
export const ledgerKeys = pgTable('ledger_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id),
  publicKeyHex: text('public_key_hex').notNull(),
  spkiPem: text('spki_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerHeads = pgTable(
  'ledger_heads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull(),
    treeSize: bigNumber('tree_size').notNull(),
    rootHash: text('root_hash').notNull(),
    /** The signed ISO 8601 text, stored as signed so the signature input is reproduced exactly. */
    timestamp: text('timestamp').notNull(),
    signature: text('signature').notNull(),
    keyId: uuid('key_id').notNull(),
  },
  (t) => [uniqueIndex('ledger_heads_org_size').on(t.organizationId, t.treeSize)],
);
