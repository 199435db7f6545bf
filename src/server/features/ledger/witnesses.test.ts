import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerKeyList, LedgerWitness, ProofBundle } from '@shared/api/ledger';
import {
  cosignatureMessage,
  encodeVerifierKey,
  formatSignatureLine,
  noteKeyId,
  parseNote,
  parseVerifierKey,
  SIGNATURE_TYPE,
  verifyCheckpoint,
} from '@shared/ledger/note';
import { verifyProofBundle } from '@shared/ledger/verify-bundle';
import { createWitness, type Witness } from '../../../witness/server';
import { ledgerCosignatures, ledgerWitnesses } from '../../db/schema';
import { createMember, createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, type TestServer } from '../../test/harness';
import { createEvent } from '../../test/training-events';
import { rewriteHistory, truncateHistory } from './insider-rewrite';
import { cosignCheckpoint } from './witnesses';

const run = promisify(execFile);
const ROOT = new URL('../../../../', import.meta.url).pathname;

async function verifyProofCli(bundle: unknown, args: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'centerline-bundle-')), 'bundle.json');
  writeFileSync(file, JSON.stringify(bundle));
  try {
    const { stdout } = await run(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/verify-proof.ts', file, ...args],
      { cwd: ROOT },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

interface RunningWitness {
  witness: Witness;
  url: string;
  dataDir: string;
}

async function startWitness(name: string, logVkey: string, dataDir?: string) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'centerline-witness-'));
  const witness = createWitness({ dataDir: dir, name, logs: [logVkey] });
  return { witness, url: await witness.listen(0), dataDir: dir };
}

/** A server that answers add-checkpoint with a cosignature made by a key it is not. */
async function forgingWitness(name: string): Promise<{ server: Server; url: string }> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const checkpoint = body.slice(body.indexOf('\n\n') + 2);
      const text = parseNote(checkpoint).text;
      const time = Math.floor(Date.now() / 1000);
      const stamp = Buffer.alloc(8);
      stamp.writeBigUInt64BE(BigInt(time));
      const sig = sign(null, cosignatureMessage(text, time), privateKey);
      const line = formatSignatureLine(name, 0x01020304, Buffer.concat([stamp, sig]));
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`${line}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}` };
}

describe.each(DRIVERS)('witnesses cosign checkpoints and expose a rewrite (%s)', (driver) => {
  let server: TestServer;
  const running: RunningWitness[] = [];
  const servers: Server[] = [];
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(async () => {
    for (const w of running) await w.witness.close();
    for (const s of servers) s.close();
    await server.app.close();
  });

  async function organizationWithWitnesses() {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    const events = [];
    for (let i = 0; i < 3; i++) events.push(await createEvent(client));
    const keys = (await client.get<LedgerKeyList>('/api/ledger/keys')).body;
    const one = await startWitness('witness.test/one', keys.current.vkey);
    const two = await startWitness('witness.test/two', keys.current.vkey);
    running.push(one, two);
    for (const w of [one, two]) {
      const added = await client.post<LedgerWitness>('/api/ledger/witnesses', {
        url: w.url,
        vkey: w.witness.vkey,
      });
      expect(added.status).toBe(201);
    }
    const cosign = () =>
      cosignCheckpoint(server.db, server.app.services.ledgerSigning, org.organization.id);
    return { ...org, client, events, keys, one, two, cosign };
  }

  it('both witnesses cosign; the checkpoint and the bundle carry both cosignatures', async () => {
    const { client, events, keys, one, two, cosign } = await organizationWithWitnesses();
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 2, failed: 0 });

    const listed = (
      await client.get<{ witnesses: LedgerWitness[]; treeSize: number }>('/api/ledger/witnesses')
    ).body;
    expect(listed.witnesses.map((w) => [w.name, w.cosignedSize, w.lastError, w.alarm])).toEqual([
      ['witness.test/one', listed.treeSize, null, null],
      ['witness.test/two', listed.treeSize, null, null],
    ]);

    // The log grows; the next round sends a consistency proof from the size each one cosigned.
    await createEvent(client);
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 2, failed: 0 });

    const response = await fetch(`${server.baseUrl}/api/ledger/checkpoint`, {
      headers: { cookie: client.cookie! },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const note = await response.text();
    expect(note.split('\n').slice(0, 2)).toEqual([
      keys.current.origin,
      expect.stringMatching(/^\d+$/),
    ]);
    const witnesses = [parseVerifierKey(one.witness.vkey), parseVerifierKey(two.witness.vkey)];
    const checked = await verifyCheckpoint(note, {
      logKey: parseVerifierKey(keys.current.vkey),
      witnesses,
      quorum: 2,
    });
    expect(checked).toMatchObject({ ok: true, problem: null });
    expect(checked.cosigned.map((c) => c.name)).toEqual(['witness.test/one', 'witness.test/two']);

    const bundle = (await client.get<ProofBundle>(`/api/training-events/${events[0].id}/proof`))
      .body;
    const result = await verifyProofBundle(bundle, {
      trustedPublicKeys: [keys.current.publicKeyHex],
      witnesses,
      quorum: 2,
    });
    expect(result).toMatchObject({ ok: true, pinned: true, fingerprint: keys.current.fingerprint });
    expect(result.cosigned).toHaveLength(2);

    const cli = await verifyProofCli(bundle, [
      '--public-key',
      keys.current.publicKeyHex,
      '--witness',
      one.witness.vkey,
      '--witness',
      two.witness.vkey,
    ]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(
      'Cosigned by 2 trusted witness(es): witness.test/one, witness.test/two.',
    );
  });

  it('rejects witness keys that are not cosignature keys, duplicates, and non-admins', async () => {
    const { client, keys, one, organization } = await organizationWithWitnesses();
    const logKey = await client.post('/api/ledger/witnesses', {
      url: one.url,
      vkey: keys.current.vkey,
    });
    expect(logKey.status).toBe(422);
    expect(logKey.body.message).toContain('not a witness cosignature key');
    const garbage = await client.post('/api/ledger/witnesses', {
      url: one.url,
      vkey: 'no+such+key',
    });
    expect(garbage.status).toBe(422);
    const again = await client.post('/api/ledger/witnesses', {
      url: one.url,
      vkey: one.witness.vkey,
    });
    expect(again.status).toBe(409);
    const { email } = await createMember(server.db, organization.id, 'auditor');
    const auditor = await signedIn(server, email);
    expect(
      (await auditor.post('/api/ledger/witnesses', { url: one.url, vkey: one.witness.vkey }))
        .status,
    ).toBe(403);
    expect((await auditor.get('/api/ledger/witnesses')).status).toBe(200);
  });

  it('a witness that is down: appends go on, the error is shown, the next round catches up', async () => {
    const { client, two, cosign } = await organizationWithWitnesses();
    expect((await cosign()).cosigned).toBe(2);
    await two.witness.close();
    const created = await createEvent(client);
    expect(created.ledgerIndex).toBeGreaterThan(0);
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 1, failed: 1 });
    const down = (await client.get<{ witnesses: LedgerWitness[] }>('/api/ledger/witnesses')).body
      .witnesses[1]!;
    expect(down.lastError).toMatch(/^witness\.test\/two did not answer/);
    expect(down.alarm).toBeNull();

    // Back on another port with its memory; the operator updates the address.
    const back = await startWitness(
      'witness.test/two',
      (await client.get<LedgerKeyList>('/api/ledger/keys')).body.current.vkey,
      two.dataDir,
    );
    running.push(back);
    await server.db
      .update(ledgerWitnesses)
      .set({ url: back.url })
      .where(eq(ledgerWitnesses.id, down.id));
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 1, failed: 0 });
  });

  it('a witness that answers a forged cosignature: nothing is kept', async () => {
    const org = await createOrganization(server.db);
    const client = await signedIn(server, org.email);
    await createEvent(client);
    const { publicKey } = generateKeyPairSync('ed25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
    const vkey = encodeVerifierKey('witness.test/forger', SIGNATURE_TYPE.cosignatureV1, raw);
    const forger = await forgingWitness('witness.test/forger');
    servers.push(forger.server);
    expect((await client.post('/api/ledger/witnesses', { url: forger.url, vkey })).status).toBe(
      201,
    );
    const report = await cosignCheckpoint(
      server.db,
      server.app.services.ledgerSigning,
      org.organization.id,
    );
    expect(report).toEqual({ witnesses: 1, cosigned: 0, failed: 1 });
    const [witness] = (await client.get<{ witnesses: LedgerWitness[] }>('/api/ledger/witnesses'))
      .body.witnesses;
    expect(witness!.lastError).toMatch(/no cosignature from its key|does not verify/);
    expect(witness!.cosignedSize).toBeNull();
    const kept = await server.db
      .select()
      .from(ledgerCosignatures)
      .where(eq(ledgerCosignatures.organizationId, org.organization.id));
    expect(kept).toEqual([]);
    expect(noteKeyId('witness.test/forger', SIGNATURE_TYPE.cosignatureV1, raw)).not.toBe(
      0x01020304,
    );
  });

  it('an insider rewrite with the private key: verify, both witnesses and the stored cosignatures expose it', async () => {
    const { client, events, organization, cosign } = await organizationWithWitnesses();
    expect((await cosign()).cosigned).toBe(2);
    expect((await client.get('/api/ledger/verify')).body).toMatchObject({
      ok: true,
      cosignaturesChecked: 2,
      witnesses: [
        { name: 'witness.test/one', status: 'consistent' },
        { name: 'witness.test/two', status: 'consistent' },
      ],
    });

    await rewriteHistory(server.db, server.app.services.ledgerSigning.vault, organization.id, {
      recordId: events[0].id,
      field: 'instructor',
      column: 'instructor',
      value: 'Forged Instructor',
    });
    // The database agrees with itself again...
    const rewritten = (await client.get('/api/ledger/verify')).body;
    // ...but not with the cosignatures it kept,
    expect(rewritten.ok).toBe(false);
    expect(rewritten.firstMismatch.kind).toBe('cosigned_checkpoint');
    expect(rewritten.firstMismatch.message).toMatch(
      /history before it was changed after the witness saw it/,
    );
    // nor with what each witness remembers, even once the insider deletes those cosignatures.
    await server.db
      .delete(ledgerCosignatures)
      .where(eq(ledgerCosignatures.organizationId, organization.id));
    const covered = (await client.get('/api/ledger/verify')).body;
    expect(covered.ok).toBe(false);
    expect(covered.firstMismatch.kind).toBe('witness_checkpoint');
    expect(covered.witnesses.map((w: { status: string }) => w.status)).toEqual([
      'inconsistent',
      'inconsistent',
    ]);

    // Both witnesses refuse to cosign the forked history.
    await createEvent(client);
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 0, failed: 2 });
    const listed = (await client.get<{ witnesses: LedgerWitness[] }>('/api/ledger/witnesses')).body
      .witnesses;
    for (const w of listed) {
      expect(w.alarm).toMatch(/refused the checkpoint of \d+ leaves as inconsistent/);
    }
  });

  it('a log that goes backwards: the witnesses hold the larger size, verify and the cosigning say so', async () => {
    const { client, organization, cosign } = await organizationWithWitnesses();
    expect((await cosign()).cosigned).toBe(2);
    const { treeSize } = (await client.get<{ treeSize: number }>('/api/ledger/head')).body;
    await truncateHistory(server.db, organization.id, treeSize - 2);
    await server.db
      .delete(ledgerCosignatures)
      .where(eq(ledgerCosignatures.organizationId, organization.id));
    // Records created after the cut are not the question here: the log itself is shorter.
    const report = (await client.get('/api/ledger/verify')).body;
    expect(report.ok).toBe(false);
    expect(report.witnesses.map((w: { status: string }) => w.status)).toEqual([
      'inconsistent',
      'inconsistent',
    ]);
    expect(report.witnesses[0].message).toContain(
      `cosigned a checkpoint of ${treeSize} leaves, but the log has only ${treeSize - 2}`,
    );
    expect(await cosign()).toEqual({ witnesses: 2, cosigned: 0, failed: 2 });
    const listed = (await client.get<{ witnesses: LedgerWitness[] }>('/api/ledger/witnesses')).body
      .witnesses;
    for (const w of listed) expect(w.alarm).toMatch(/the log went backwards/);
  });
});
