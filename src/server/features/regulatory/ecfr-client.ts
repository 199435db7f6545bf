import { z } from 'zod';
import { SafeFetchError, safeFetch } from '../../net/safe-fetch';

/*
 * The eCFR versioner API, fetched through the server's outbound policy (net/safe-fetch.ts): the
 * address is checked after DNS resolution on every hop and the connection goes to the checked
 * address; private, loopback and link-local addresses are refused unless FETCH_ALLOW_PRIVATE;
 * time and body size are bounded.
 */

export const PART_142 = { title: 14, part: 142 } as const;

/** The versioner answers large parts in seconds; Part 142 is a few hundred kilobytes. */
export const FETCH_TIMEOUT_MS = 60_000;
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

/** GETs a URL and returns its body as text; anything but a 200 answer is a SourceFetchError. */
export async function boundedGet(url: URL, options: FetchOptions): Promise<string> {
  let result;
  try {
    result = await safeFetch(url.href, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
      headersTimeoutMs: 30_000,
      maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
      maxRedirects: MAX_REDIRECTS,
      signal: options.signal,
      headers: { accept: url.pathname.endsWith('.json') ? 'application/json' : 'application/xml' },
    });
  } catch (error) {
    if (error instanceof SafeFetchError) throw new SourceFetchError(error.message);
    throw error;
  }
  if (result.status !== 200) {
    throw new SourceFetchError(`the eCFR answered ${result.status} for ${url.pathname}`);
  }
  return result.body.toString('utf8');
}

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
