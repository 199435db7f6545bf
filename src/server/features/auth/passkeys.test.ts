import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedIn } from '../../test/factories';
import { DRIVERS, startTestServer, TestClient, type TestServer } from '../../test/harness';

// The ceremonies themselves run in Chromium with its virtual authenticator (e2e/two-factor.spec.ts);
// here, what the server refuses.
describe.each(DRIVERS)('passkeys, refused answers (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.app.close());

  it('offers registration options for this site and refuses an answer that is not a credential', async () => {
    const { email } = await createOrganization(server.db);
    const client = await signedIn(server, email);
    const options = await client.post('/api/auth/passkeys/register/options');
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: 'Centerline', id: '127.0.0.1' });
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const garbage = await client.post('/api/auth/passkeys/register', {
      name: 'Work laptop',
      response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} },
    });
    expect(garbage.status).toBe(422);
    expect(garbage.body.message).toMatch(/^The passkey could not be checked/);
    // The challenge was spent: a second answer has to start again.
    const again = await client.post('/api/auth/passkeys/register', {
      name: 'Work laptop',
      response: { id: 'abc' },
    });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('This passkey request has expired. Start again.');
    const unnamed = await client.post('/api/auth/passkeys/register', { name: ' ', response: {} });
    expect(unnamed.status).toBe(422);
    expect((await client.get('/api/auth/passkeys')).body).toEqual([]);
  });

  it('refuses a sign-in with a credential no account holds', async () => {
    const client = new TestClient(server.baseUrl);
    const options = await client.post('/api/auth/passkeys/login/options');
    expect(options.status).toBe(200);
    expect(options.body.userVerification).toBe('required');
    const res = await client.post('/api/auth/passkeys/login', {
      response: { id: 'bm90LWEta2V5', rawId: 'bm90LWEta2V5', type: 'public-key', response: {} },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This passkey is not registered for an account here.');
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });
});
