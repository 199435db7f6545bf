import type { DbOrTx } from '../../db/client';
import { SafeFetchError, safeFetch, type SafeFetchResult } from '../../net/safe-fetch';
import { contentHash, readableText, wordDiff } from './readable-text';
import { linksOf, type LinkRow, type NewLinkAlert } from './repository';

/*
 * One check of one link: fetch it with the server's outbound policy, compare what came back with
 * what the last check saw, store the check, update the link's status and raise the alerts.
 */

export const CERTIFICATE_WARNING_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export interface CheckOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
  now?: Date;
}

type LinkStatus = 'active' | 'broken' | 'redirected' | 'changed';

const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|json))/i;

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

function describeStatus(code: number): string {
  if (code === 404) return 'HTTP 404: the page was not found';
  if (code === 410) return 'HTTP 410: the page was removed';
  if (code === 401 || code === 403) return `HTTP ${code}: the site refused access to the page`;
  if (code >= 500) return `HTTP ${code}: the site had an error`;
  return `HTTP ${code}`;
}

/** Checks a link and stores the outcome; returns the status it now has. */
export async function checkLink(
  db: DbOrTx,
  link: LinkRow,
  options: CheckOptions,
): Promise<LinkStatus> {
  const repo = linksOf(db, link.organizationId);
  const now = options.now ?? new Date();
  const alerts: NewLinkAlert[] = [];
  const base = { linkId: link.id, url: link.url };

  let result: SafeFetchResult | null = null;
  let failure: string | null = null;
  try {
    result = await safeFetch(link.url, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs ?? 20_000,
      maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
      maxRedirects: 5,
      signal: options.signal,
    });
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    failure = error.message;
  }

  let status: LinkStatus = 'active';
  let errorMessage: string | null = failure;
  const update: Partial<LinkRow> = {};

  if (!result || result.status >= 400) {
    status = 'broken';
    if (result) errorMessage = describeStatus(result.status);
    alerts.push({
      ...base,
      alertType: 'broken_link',
      severity: result && result.status >= 500 ? 'medium' : 'high',
      message: `${link.name} is broken: ${errorMessage}`,
      suggestedAction:
        'Open the address to confirm; if the page moved, update the link to its new address.',
    });
  } else {
    const redirected = !sameUrl(result.finalUrl, link.url);
    const contentType = result.headers['content-type'] ?? '';
    const text =
      TEXT_TYPES.test(contentType) || contentType === ''
        ? readableText(result.body.toString('utf8'), contentType, link.ignorePattern)
        : null;
    // Binary documents (a PDF circular) are compared by their bytes.
    const hash = text === null ? contentHash(result.body.toString('base64')) : contentHash(text);
    const changed = link.contentHash !== null && link.contentHash !== hash;
    update.contentHash = hash;
    update.contentText = text;

    if (changed) {
      status = 'changed';
      alerts.push({
        ...base,
        alertType: 'content_changed',
        severity: 'medium',
        message: `The text of ${link.name} changed since the last check`,
        suggestedAction:
          'Read the change and re-review the checklist items and documents that rely on this page.',
        diff:
          text !== null && link.contentText !== null
            ? wordDiff(link.contentText, text)
            : 'The document changed (its content is not text, so no word diff is shown).',
      });
    } else if (redirected) {
      status = 'redirected';
    }
    if (redirected) {
      alerts.push({
        ...base,
        alertType: 'redirect_detected',
        severity: 'low',
        message: `${link.name} now redirects to ${result.finalUrl}`,
        suggestedAction: 'If the move is permanent, update the link to the new address.',
        newUrl: result.finalUrl,
      });
    }
    if (link.expectedKeyword) {
      const haystack = (text ?? '').toLowerCase();
      if (!haystack.includes(link.expectedKeyword.toLowerCase())) {
        alerts.push({
          ...base,
          alertType: 'keyword_missing',
          severity: 'high',
          message: `${link.name} no longer contains "${link.expectedKeyword}"`,
          suggestedAction:
            'The page may have been replaced or restructured: check that it still says what you rely on.',
        });
      }
    }
  }

  const validTo = result?.certificate?.validTo ?? null;
  if (validTo && validTo.getTime() - now.getTime() < CERTIFICATE_WARNING_DAYS * DAY_MS) {
    const days = Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
    alerts.push({
      ...base,
      alertType: 'certificate_expiring',
      severity: days < 7 ? 'high' : 'medium',
      message:
        days < 0
          ? `The TLS certificate of ${new URL(result!.finalUrl).host} has expired`
          : `The TLS certificate of ${new URL(result!.finalUrl).host} expires in ${days} day${days === 1 ? '' : 's'}`,
      suggestedAction:
        'Browsers will warn soon; tell the site owner or find another copy of the page.',
    });
  }

  await repo.insertCheck({
    linkId: link.id,
    checkedAt: now,
    status,
    responseCode: result?.status ?? null,
    redirects: result?.redirects ?? [],
    responseMs: result?.responseMs ?? null,
    certificateExpiresAt: validTo,
    contentHash: update.contentHash ?? null,
    errorMessage,
  });
  await repo.update(link.id, {
    ...update,
    status,
    lastCheckedAt: now,
    responseCode: result?.status ?? null,
    newUrl: result && !sameUrl(result.finalUrl, link.url) ? result.finalUrl : null,
    errorMessage,
    responseMs: result?.responseMs ?? null,
    certificateExpiresAt: validTo,
  });
  for (const alert of alerts) await repo.raiseAlert({ ...alert, detectedAt: now });
  return status;
}
