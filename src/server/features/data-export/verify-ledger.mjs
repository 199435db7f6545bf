#!/usr/bin/env node
// Verifies a Centerline data export offline, with Node.js 18 or later and nothing else.
//
//   node ledger/verify-ledger.mjs [--public-key <hex>]...     (run in the unpacked archive)
//
// It checks that every leaf of the ledger hashes to its recorded hash (RFC 9162 leaf hash), that
// the Merkle tree root recomputed from the leaves equals the root of every signed tree head,
// that each head's Ed25519 signature verifies with the organization's public key, that the
// checkpoint note is signed by the same key for the latest head, and that every document file
// hashes to the SHA-256 it is stored under. With --public-key (the key you were given by the
// organization, 64 hex digits) it also proves who signed; without, it can only say the archive
// is consistent with the key that came in it.
//
// Exit codes: 0 verified against a pinned key; 3 consistent but no key pinned; 1 a check failed;
// 2 usage.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TREE_HEAD_TYPE = 'centerline-tree-head/v1';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const pinned = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--public-key' && /^[0-9a-f]{64}$/i.test(args[i + 1] ?? '')) {
    pinned.push(args[++i].toLowerCase());
  } else {
    console.error('usage: node ledger/verify-ledger.mjs [--public-key <64 hex digits>]...');
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

let failures = 0;
const fail = (message) => {
  failures++;
  console.log(`FAIL  ${message}`);
};
const ok = (message) => console.log(`ok    ${message}`);

// 1. Leaves: contiguous from 0, each hashing to its recorded hash.
const leaves = readFileSync(join(root, 'ledger', 'leaves.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const hashes = [];
leaves.forEach((leaf, i) => {
  if (leaf.leafIndex !== i) fail(`leaf ${i} is numbered ${leaf.leafIndex}`);
  const hash = sha256(LEAF, Buffer.from(leaf.leaf, 'utf8'));
  if (hash.toString('hex') !== leaf.leafHash) fail(`leaf ${i} does not hash to its recorded hash`);
  hashes.push(hash);
});
ok(`${leaves.length} leaves read`);

// 2. RFC 9162 §2.1.1: MTH(D[n]) with k the largest power of two below n.
function rootOf(from, to) {
  const n = to - from;
  if (n === 0) return sha256();
  if (n === 1) return hashes[from];
  let k = 1;
  while (k * 2 < n) k *= 2;
  return sha256(NODE, rootOf(from, from + k), rootOf(from + k, to));
}

// 3. Heads: the root at their size, and their signature.
const heads = JSON.parse(readFileSync(join(root, 'ledger', 'heads.json'), 'utf8'));
const keys = JSON.parse(readFileSync(join(root, 'ledger', 'keys.json'), 'utf8'));
const keyById = new Map(keys.map((k) => [k.keyId, k]));
const canonical = (head) =>
  // RFC 8785 for this object: its keys sorted, strings and integers only.
  JSON.stringify({
    organizationId: head.organizationId,
    rootHash: head.rootHash,
    timestamp: head.timestamp,
    treeSize: head.treeSize,
    type: TREE_HEAD_TYPE,
  });
for (const head of heads) {
  if (head.treeSize > leaves.length) {
    fail(`head of size ${head.treeSize} is larger than the ${leaves.length} leaves exported`);
    continue;
  }
  const computed = rootOf(0, head.treeSize).toString('hex');
  if (computed !== head.rootHash)
    fail(`head of size ${head.treeSize}: the leaves give another root`);
  const key = keyById.get(head.keyId);
  if (!key) {
    fail(`head of size ${head.treeSize} is signed by a key the archive does not hold`);
    continue;
  }
  const valid = verify(
    null,
    Buffer.from(canonical(head), 'utf8'),
    createPublicKey(key.spkiPem),
    Buffer.from(head.signature, 'hex'),
  );
  if (!valid) fail(`head of size ${head.treeSize}: the signature does not verify`);
}
ok(`${heads.length} signed tree heads checked against the leaves and their keys`);

// 4. The latest checkpoint note (C2SP signed note) is signed by the key of the latest head.
const latest = heads.reduce((a, b) => (b.treeSize > a.treeSize ? b : a), heads[0]);
if (latest) {
  const note = readFileSync(join(root, 'ledger', 'checkpoint.txt'), 'utf8');
  const [body, signatures = ''] = note.split('\n\n');
  const [origin, size, rootB64] = body.split('\n');
  const key = keyById.get(latest.keyId);
  if (
    Number(size) !== latest.treeSize ||
    Buffer.from(rootB64, 'base64').toString('hex') !== latest.rootHash
  ) {
    fail('the checkpoint does not name the latest head');
  } else if (key) {
    const raw = Buffer.from(key.publicKeyHex, 'hex');
    const keyHash = sha256(Buffer.from(`${origin}\n`), Buffer.from([0x01]), raw).subarray(0, 4);
    const line = signatures.split('\n').find(
      (l) =>
        l.startsWith(`\u2014 ${origin} `) &&
        Buffer.from(l.split(' ')[2] ?? '', 'base64')
          .subarray(0, 4)
          .equals(keyHash),
    );
    const signature = line ? Buffer.from(line.split(' ')[2], 'base64').subarray(4) : null;
    const valid =
      signature !== null &&
      verify(null, Buffer.from(`${body}\n`, 'utf8'), createPublicKey(key.spkiPem), signature);
    if (valid) ok(`checkpoint of size ${size} signed by the log key (origin ${origin})`);
    else fail('the checkpoint is not signed by the key of the latest head');
  }
}

// 5. Document files: each hashes to the SHA-256 its folder is named by.
let files = 0;
const documentsDir = join(root, 'documents');
for (const hash of statSync(documentsDir, { throwIfNoEntry: false })
  ? readdirSync(documentsDir)
  : []) {
  for (const name of readdirSync(join(documentsDir, hash))) {
    files++;
    const actual = sha256(readFileSync(join(documentsDir, hash, name))).toString('hex');
    if (actual !== hash) fail(`documents/${hash}/${name} does not hash to its name`);
  }
}
ok(`${files} document files checked`);

const fingerprints = keys.map((k) => k.publicKeyHex);
if (failures > 0) {
  console.log(`\nNOT VERIFIED: ${failures} check(s) failed.`);
  process.exit(1);
}
if (pinned.length === 0) {
  console.log(
    `\nUNPINNED: the archive is consistent with the key it carries (${fingerprints.join(', ')}),` +
      ' which proves nothing about who signed. Run again with --public-key <hex> using the key' +
      ' the organization gave you.',
  );
  process.exit(3);
}
const signers = new Set(heads.map((h) => keyById.get(h.keyId)?.publicKeyHex));
const unpinned = [...signers].filter((k) => !pinned.includes(k));
if (unpinned.length > 0) {
  console.log(`\nNOT VERIFIED: heads are signed by keys you did not pin: ${unpinned.join(', ')}`);
  process.exit(1);
}
console.log(
  `\nVERIFIED: ${leaves.length} leaves and ${heads.length} heads, signed by the pinned key(s).`,
);
