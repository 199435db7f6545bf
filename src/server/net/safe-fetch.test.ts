import { createServer, type Server, type ServerResponse, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddressReason } from './address-policy';
import { FetchRefused, SafeFetchError, safeFetch } from './safe-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
const routes = new Map<string, Handler>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url?.split('?')[0] ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set('/page', (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Hello</p>'),
  );
  routes.set('/moved', (_req, res) => res.writeHead(301, { location: '/page' }).end());
  routes.set('/loop-a', (_req, res) => res.writeHead(302, { location: '/loop-b' }).end());
  routes.set('/loop-b', (_req, res) => res.writeHead(302, { location: '/loop-a' }).end());
  routes.set('/chain', (req, res) => {
    const n = Number(new URL(req.url!, base).searchParams.get('n') ?? 0);
    res.writeHead(302, { location: `/chain?n=${n + 1}` }).end();
  });
  routes.set('/huge', (_req, res) => {
    // An endless body without a length: the fetch must stop at its limit, not read it all.
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (res.write(chunk)) {
        /* fill the socket */
      }
    };
    res.on('drain', pump);
    res.on('close', () => res.off('drain', pump));
    pump();
  });
  routes.set('/declared-huge', (_req, res) => {
    res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
    res.write('x');
  });
  routes.set('/slow-headers', () => {
    /* never answers: a slow-loris server */
  });
  routes.set('/slow-body', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 50);
    res.on('close', () => clearInterval(timer));
  });
  routes.set('/to-metadata', (_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  );
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('safeFetch', () => {
  it('fetches a page on a private address when allowed, with its hops and timing', async () => {
    const result = await safeFetch(`${base}/moved`, { allowPrivate: true });
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe(`${base}/page`);
    expect(result.redirects).toEqual([
      { url: `${base}/moved`, status: 301 },
      { url: `${base}/page`, status: 200 },
    ]);
    expect(result.body.toString()).toBe('<p>Hello</p>');
    expect(result.truncated).toBe(false);
    expect(result.responseMs).toBeGreaterThanOrEqual(0);
    expect(result.certificate).toBeUndefined();
  });

  it('answers a 404 as a response, not an error', async () => {
    const result = await safeFetch(`${base}/missing`, { allowPrivate: true });
    expect(result.status).toBe(404);
  });

  it('refuses loopback and the cloud metadata address unless allowed', async () => {
    const loopback = await failure(safeFetch(`${base}/page`));
    expect(loopback).toBeInstanceOf(FetchRefused);
    expect(loopback.code).toBe('private-address');
    expect(loopback.message).toMatch(/loopback address \(127\.0\.0\.1\)/);

    const metadata = await failure(safeFetch('http://169.254.169.254/latest/meta-data/'));
    expect(metadata.code).toBe('private-address');
    expect(metadata.message).toMatch(/link-local address/);

    const mapped = await failure(safeFetch('http://[::ffff:127.0.0.1]/'));
    expect(mapped.code).toBe('private-address');

    const localhost = await failure(safeFetch('http://localhost:1/'));
    expect(localhost.code).toBe('private-address');
  });

  it('checks every redirect hop: a trusted page may not bounce the fetch to a private address', async () => {
    const error = await failure(
      safeFetch(`${base}/to-metadata`, { trustedAddresses: ['127.0.0.1'] }),
    );
    expect(error).toBeInstanceOf(FetchRefused);
    expect(error.code).toBe('private-address');
    expect(error.url).toBe('http://169.254.169.254/latest/meta-data/');
  });

  it('stops a redirect loop and a redirect chain that goes on too long', async () => {
    const loop = await failure(safeFetch(`${base}/loop-a`, { allowPrivate: true }));
    expect(loop.code).toBe('redirect-loop');
    expect(loop.message).toMatch(/loop/);

    const chain = await failure(
      safeFetch(`${base}/chain`, { allowPrivate: true, maxRedirects: 3 }),
    );
    expect(chain.code).toBe('too-many-redirects');
    expect(chain.message).toMatch(/more than 3 times/);
  });

  it('stops reading at the byte limit, failing or truncating', async () => {
    const started = Date.now();
    const error = await failure(
      safeFetch(`${base}/huge`, { allowPrivate: true, maxBytes: 1024 * 1024 }),
    );
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/larger than 1 MB/);
    expect(Date.now() - started).toBeLessThan(5000);

    const declared = await failure(
      safeFetch(`${base}/declared-huge`, { allowPrivate: true, maxBytes: 1024 * 1024 }),
    );
    expect(declared.code).toBe('too-large');

    const cut = await safeFetch(`${base}/huge`, {
      allowPrivate: true,
      maxBytes: 100_000,
      truncate: true,
    });
    expect(cut.truncated).toBe(true);
    expect(cut.body.length).toBe(100_000);
  });

  it('times out a server that never sends headers, and one that trickles its body', async () => {
    const headers = await failure(
      safeFetch(`${base}/slow-headers`, { allowPrivate: true, headersTimeoutMs: 300 }),
    );
    expect(headers.code).toBe('timeout');

    const started = Date.now();
    const body = await failure(
      safeFetch(`${base}/slow-body`, { allowPrivate: true, timeoutMs: 600 }),
    );
    expect(body.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses invalid URLs and other protocols with a readable message', async () => {
    const invalid = await failure(safeFetch('not a url'));
    expect(invalid).toBeInstanceOf(FetchRefused);
    expect(invalid.code).toBe('invalid-url');
    expect(invalid.message).toBe('"not a url" is not a valid URL');

    const file = await failure(safeFetch('file:///etc/passwd'));
    expect(file.code).toBe('unsupported-protocol');
    const ftp = await failure(safeFetch('ftp://example.org/'));
    expect(ftp.code).toBe('unsupported-protocol');
  });

  it('reports a closed port as a network failure', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await failure(safeFetch(`http://127.0.0.1:${port}/`, { allowPrivate: true }));
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/refused the connection/);
  });
});

describe('blockedAddressReason', () => {
  it.each([
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
  ])('%s is %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );
});
