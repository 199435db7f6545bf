// Any outbound HTTP from a test is a bug: the suite talks only to servers it started itself.
const realFetch = globalThis.fetch;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!LOOPBACK.has(url.hostname)) {
    throw new Error(`Test tried to reach ${url.host}; tests must not use the network`);
  }
  return realFetch(input, init);
};
