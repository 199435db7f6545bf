import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
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
 * The organization's Ed25519 signing keys: the current one (retiredAt null) and every earlier one,
 * kept so heads they signed still verify. The private key is not here: it is in the key folder
 * (a file per key, owner-only) or, with LEDGER_KEY_SECRET, sealed (AES-256-GCM) in
 * `sealedPrivateKey`, so whoever can write this database cannot sign with it (features/ledger/keys.ts).
 * `privateKeyPem` only holds keys of databases from before that change until the server moves them.
 */
export const ledgerKeys = pgTable(
  'ledger_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The log's origin (C2SP tlog-checkpoint), also the key name of its note signatures. */
    origin: text('origin').notNull(),
    publicKeyHex: text('public_key_hex').notNull(),
    spkiPem: text('spki_pem').notNull(),
    privateKeyPem: text('private_key_pem'),
    sealedPrivateKey: text('sealed_private_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ledger_keys_current')
      .on(t.organizationId)
      .where(sql`${t.retiredAt} is null`),
  ],
);

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
    /** The C2SP checkpoint note's signature line by the same key (absent on older heads). */
    checkpointSignature: text('checkpoint_signature'),
  },
  (t) => [uniqueIndex('ledger_heads_org_size').on(t.organizationId, t.treeSize)],
);

/**
 * Witnesses (C2SP tlog-witness) the organization sends its checkpoints to. `cosignedSize` is the
 * size of the latest checkpoint the witness cosigned for this log, the `old` of the next request.
 * `alarm` is set when a witness refused a checkpoint as inconsistent with what it saw before.
 */
export const ledgerWitnesses = pgTable(
  'ledger_witnesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The witness's cosignature/v1 verifier key (signed-note vkey, type 0x04). */
    vkey: text('vkey').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    cosignedSize: bigNumber('cosigned_size'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    alarm: text('alarm'),
  },
  (t) => [
    uniqueIndex('ledger_witnesses_org_name')
      .on(t.organizationId, t.name)
      .where(sql`${t.removedAt} is null`),
  ],
);

/** A witness's cosignature on the checkpoint of one size, as it answered it. */
export const ledgerCosignatures = pgTable(
  'ledger_cosignatures',
  {
    organizationId: uuid('organization_id').notNull(),
    witnessId: uuid('witness_id')
      .notNull()
      .references(() => ledgerWitnesses.id),
    treeSize: bigNumber('tree_size').notNull(),
    rootHash: text('root_hash').notNull(),
    /** The checkpoint text (origin, size, root) exactly as cosigned. */
    checkpoint: text('checkpoint').notNull(),
    /** The note signature line the witness returned. */
    signatureLine: text('signature_line').notNull(),
    /** The cosignature's own time (seconds since the epoch). */
    cosignedAt: timestamp('cosigned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.witnessId, t.treeSize] }),
    index('ledger_cosignatures_org_size').on(t.organizationId, t.treeSize),
  ],
);
