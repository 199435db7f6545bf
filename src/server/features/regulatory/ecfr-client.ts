import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { z } from 'zod';
import { blockedAddressReason } from '../../net/address-policy';

/*
 * The eCFR versioner API, fetched with bounds: a time limit, a maximum body size, no redirects
 * to follow blindly, and no private, loopback or link-local address unless FETCH_ALLOW_PRIVATE.
 *
 * Note: src/server/net/safe-fetch.ts (the link monitor's fetcher, written beside this) did not
 * exist when this was written; this client checks the resolved address itself. The check is made
 * on the resolved address before connecting; a DNS answer that changes between the check and the
 * connection (rebinding) is not pinned here. Move to safe-fetch when it lands.
 */

export const PART_142 = { title: 14, part: 142 } as const;

/** The versioner answers large parts in seconds; Part 142 is a few hundred kilobytes. */
export const FETCH_TIMEOUT_MS = 30_000;
export const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export class SourceFetchError extends Error {}

export interface FetchOptions {
  baseUrl: string;
  allowPrivate: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

async function assertPublic(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SourceFetchError(`${url.protocol} addresses are not fetched`);
  }
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : (
        await lookup(host, { all: true }).catch(() => {
          throw new SourceFetchError(`${url.host} could not be resolved`);
        })
      ).map((a) => a.address);
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) {
      throw new SourceFetchError(
        `${url.host} resolves to ${reason} (${address}), which is not fetched (FETCH_ALLOW_PRIVATE is off)`,
      );
    }
  }
}

/** GETs a URL and returns its body as text, refusing to read past `maxBytes`. */
export async function boundedGet(url: URL, options: FetchOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let target = url;
  try {
    for (let hop = 0; ; hop++) {
      await assertPublic(target, options.allowPrivate);
      const response = await fetch(target, { signal, redirect: 'manual' });
      if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS)
          throw new SourceFetchError(`more than ${MAX_REDIRECTS} redirects`);
        target = new URL(response.headers.get('location')!, target);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SourceFetchError(`the eCFR answered ${response.status} for ${target.pathname}`);
      }
      const declared = Number(response.headers.get('content-length') ?? NaN);
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw new SourceFetchError(tooLarge(target, maxBytes));
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = response.body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        size += next.value.byteLength;
        if (size > maxBytes) {
          await reader?.cancel().catch(() => {});
          throw new SourceFetchError(tooLarge(target, maxBytes));
        }
        chunks.push(next.value);
      }
      return Buffer.concat(chunks).toString('utf8');
    }
  } catch (error) {
    if (error instanceof SourceFetchError) throw error;
    if (timeout.aborted) {
      throw new SourceFetchError(`the eCFR did not answer within ${timeoutMs / 1000} seconds`);
    }
    if (options.signal?.aborted) throw new SourceFetchError('the fetch was stopped');
    throw new SourceFetchError(`the eCFR could not be reached (${(error as Error).message})`);
  }
}

const tooLarge = (url: URL, max: number) =>
  `the answer for ${url.pathname} is larger than ${Math.round(max / 1024 / 1024)} MB; nothing was read past that`;

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const versionEntry = z.object({
  date: ISO_DATE,
  amendment_date: ISO_DATE.nullish(),
  issue_date: ISO_DATE.nullish(),
  identifier: z.string(),
  name: z.string().nullish(),
  part: z.string().nullish(),
  section: z.string().nullish(),
  substantive: z.boolean().nullish(),
  removed: z.boolean().nullish(),
  subpart: z.string().nullish(),
  title: z.string().nullish(),
  type: z.string().nullish(),
});
export type VersionEntry = z.infer<typeof versionEntry>;

const versionsResponse = z.object({ content_versions: z.array(versionEntry) });

export async function fetchVersionList(options: FetchOptions): Promise<VersionEntry[]> {
  const url = new URL(
    `/api/versioner/v1/versions/title-${PART_142.title}.json?part=${PART_142.part}`,
    options.baseUrl,
  );
  const text = await boundedGet(url, options);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceFetchError('the eCFR version list is not JSON');
  }
  const parsed = versionsResponse.safeParse(json);
  if (!parsed.success) {
    throw new SourceFetchError(
      `the eCFR version list is not in the expected shape (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''})`,
    );
  }
  return parsed.data.content_versions;
}

export async function fetchPartXml(date: string, options: FetchOptions): Promise<string> {
  const url = new URL(
    `/api/versioner/v1/full/${date}/title-${PART_142.title}.xml?part=${PART_142.part}`,
    options.baseUrl,
  );
  return boundedGet(url, options);
}
