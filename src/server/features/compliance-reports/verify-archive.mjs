#!/usr/bin/env node
// Verifies a Centerline proof archive offline, with Node.js 20 or later and nothing else.
//
//   node verify-archive.mjs [--public-key <hex>]...          (run in the unpacked archive)
//
// For every proof in proofs/: the leaf hashes to its recorded hash (RFC 9162 leaf hash), the leaf
// is this record's version in this organization, the record's fields are the ones the leaf holds,
// and the audit path climbs to the root of the archive's signed tree head (RFC 9162 §2.1.3.2).
// Then the head's Ed25519 signature and the checkpoint's signature verify with the public key.
// With --public-key (the key the organization gave you, 64 hex digits) it also proves who
// signed; without, only that the archive is consistent with the key that came in it.
//
// Exit codes: 0 verified against a pinned key; 3 consistent but no key pinned; 1 a check failed;
// 2 usage.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARCHIVE_FORMAT = 'centerline-proof-archive/v1';
const BUNDLE_FORMAT = 'centerline-proof-bundle/v1';
const TREE_HEAD_TYPE = 'centerline-tree-head/v1';
const root = dirname(fileURLToPath(import.meta.url));

const pinned = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--public-key' && /^[0-9a-f]{64}$/i.test(args[i + 1] ?? '')) {
    pinned.push(args[++i].toLowerCase());
  } else {
    console.error('usage: node verify-archive.mjs [--public-key <64 hex digits>]...');
    process.exit(2);
  }
}

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);
const hex = (text) => Buffer.from(text, 'hex');

let failures = 0;
const fail = (message) => {
  failures++;
  console.log(`FAIL  ${message}`);
};
const ok = (message) => console.log(`ok    ${message}`);
const show = (value) => (value === undefined ? 'nothing' : JSON.stringify(value));

const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8'));
if (manifest.format !== ARCHIVE_FORMAT) {
  fail(`manifest format is ${show(manifest.format)}, not ${ARCHIVE_FORMAT}`);
}
const head = manifest.head;
const publicKeyHex = manifest.publicKey?.publicKeyHex ?? '';

// RFC 9162 §2.1.3.2: the root an audit path climbs to from a leaf hash.
function rootFromPath(leafIndex, treeSize, leafHash, path) {
  if (leafIndex >= treeSize) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = sha256(NODE, hex(p), r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = sha256(NODE, r, hex(p));
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

// 1. Every record's proof.
let checked = 0;
for (const entry of manifest.records ?? []) {
  checked++;
  const where = entry.file;
  let bundle;
  try {
    bundle = JSON.parse(readFileSync(join(root, where), 'utf8'));
  } catch {
    fail(`${where} is missing or not JSON`);
    continue;
  }
  if (bundle.format !== BUNDLE_FORMAT) {
    fail(`${where}: format is ${show(bundle.format)}`);
    continue;
  }
  const { record, leaf, proof } = bundle;
  const leafHash = sha256(LEAF, Buffer.from(leaf.canonical, 'utf8'));
  if (leafHash.toString('hex') !== leaf.hash) {
    fail(`${where}: the leaf does not hash to its recorded hash`);
    continue;
  }
  const parsed = JSON.parse(leaf.canonical);
  const problems = [];
  if (parsed.type !== 'training_event') problems.push(`leaf type is ${show(parsed.type)}`);
  if (parsed.organizationId !== head.organizationId) {
    problems.push(`leaf belongs to organization ${show(parsed.organizationId)}`);
  }
  if (parsed.recordId !== record.id || record.id !== entry.recordId) {
    problems.push(`leaf is for record ${show(parsed.recordId)}, the file for ${show(record.id)}`);
  }
  if (parsed.version !== record.version) {
    problems.push(`leaf is version ${show(parsed.version)}, the record ${show(record.version)}`);
  }
  for (const [field, value] of Object.entries(parsed.data ?? {})) {
    const inRecord = field === 'changedBy' ? record.updatedBy : record[field];
    if ((inRecord ?? null) !== value) {
      problems.push(`record field ${field} is ${show(inRecord)} but the leaf says ${show(value)}`);
    }
  }
  if (record.blockchainHash !== leaf.hash) problems.push('record hash is not the leaf hash');
  if (record.ledgerIndex !== leaf.index) problems.push('record index is not the leaf index');
  if (proof.treeSize !== head.treeSize) problems.push('proof is not against the archive head');
  const climbed = rootFromPath(leaf.index, proof.treeSize, leafHash, proof.auditPath ?? []);
  if (!climbed || climbed.toString('hex') !== head.rootHash) {
    problems.push(`the audit path of leaf ${leaf.index} does not lead to the signed root`);
  }
  if (JSON.stringify(bundle.head) !== JSON.stringify(head)) {
    problems.push('the bundle names another head than the manifest');
  }
  for (const problem of problems) fail(`${where}: ${problem}`);
}
ok(`${checked} record proofs checked against the tree of ${head.treeSize} leaves`);
for (const item of manifest.withoutProof ?? []) {
  console.log(`note  ${item.eventDate} ${item.studentName}: no proof (${item.reason})`);
}

// 2. The head's signature: RFC 8785 canonical JSON of its fields (keys sorted).
const spki = Buffer.concat([hex('302a300506032b6570032100'), hex(publicKeyHex)]);
let key = null;
try {
  key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
} catch {
  fail('the public key in the manifest is not an Ed25519 key');
}
if (key) {
  const signed = JSON.stringify({
    organizationId: head.organizationId,
    rootHash: head.rootHash,
    timestamp: head.timestamp,
    treeSize: head.treeSize,
    type: TREE_HEAD_TYPE,
  });
  if (verify(null, Buffer.from(signed, 'utf8'), key, hex(head.signature ?? ''))) {
    ok(`tree head of ${head.treeSize} leaves signed by ${publicKeyHex}`);
  } else {
    fail('the tree head signature does not verify with the public key');
  }

  // 3. The checkpoint (C2SP signed note) names the same tree and is signed by the same key.
  const note = readFileSync(join(root, 'checkpoint.txt'), 'utf8');
  const [body, signatures = ''] = note.split('\n\n');
  const [origin, size, rootB64] = body.split('\n');
  if (
    Number(size) !== head.treeSize ||
    Buffer.from(rootB64 ?? '', 'base64').toString('hex') !== head.rootHash
  ) {
    fail('the checkpoint does not name the archive head');
  } else {
    const keyHash = sha256(Buffer.from(`${origin}\n`), Buffer.from([0x01]), hex(publicKeyHex));
    const line = signatures.split('\n').find(
      (l) =>
        l.startsWith(`\u2014 ${origin} `) &&
        Buffer.from(l.split(' ')[2] ?? '', 'base64')
          .subarray(0, 4)
          .equals(keyHash.subarray(0, 4)),
    );
    const signature = line ? Buffer.from(line.split(' ')[2], 'base64').subarray(4) : null;
    if (signature && verify(null, Buffer.from(`${body}\n`, 'utf8'), key, signature)) {
      ok(`checkpoint of size ${size} signed by the log key (origin ${origin})`);
    } else {
      fail('the checkpoint is not signed by the public key');
    }
  }
}

if (failures > 0) {
  console.log(`\nNOT VERIFIED: ${failures} check(s) failed.`);
  process.exit(1);
}
if (pinned.length === 0) {
  console.log(
    `\nUNPINNED: the archive is consistent with the key it carries (${publicKeyHex}), which` +
      ' proves nothing about who signed. Run again with --public-key <hex> using the key the' +
      ' organization gave you.',
  );
  process.exit(3);
}
if (!pinned.includes(publicKeyHex)) {
  console.log(`\nNOT VERIFIED: the head is signed by a key you did not pin: ${publicKeyHex}`);
  process.exit(1);
}
console.log(`\nVERIFIED: ${checked} records in the signed tree of ${head.treeSize} leaves.`);
