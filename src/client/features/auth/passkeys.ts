import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { currentUser, type CurrentUser } from '@shared/api/auth';
import { passkeySummary, webAuthnOptions, type PasskeySummary } from '@shared/api/two-factor';
import { t } from '../../i18n/app';
import { apiRequest } from '../../lib/api';

/** Why a passkey ceremony ended without an answer, in words (the browser's errors are terse). */
export function passkeyErrorMessage(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError') return t('auth:passkey.errors.cancelled');
  if (name === 'InvalidStateError') return t('auth:passkey.errors.alreadyRegistered');
  if (name === 'NotSupportedError' || name === 'SecurityError') {
    return t('auth:passkey.errors.unsupported');
  }
  return error instanceof Error ? error.message : t('auth:passkey.errors.failed');
}

export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export async function registerPasskey(name: string): Promise<PasskeySummary> {
  const options = await apiRequest(
    'POST',
    '/api/auth/passkeys/register/options',
    {},
    webAuthnOptions,
  );
  const response = await startRegistration({ optionsJSON: options as never });
  return apiRequest('POST', '/api/auth/passkeys/register', { name, response }, passkeySummary);
}

/** Password-less sign-in: the browser offers the passkeys it holds for this site. */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const options = await apiRequest('POST', '/api/auth/passkeys/login/options', {}, webAuthnOptions);
  const response = await startAuthentication({ optionsJSON: options as never });
  return apiRequest('POST', '/api/auth/passkeys/login', { response }, currentUser);
}

/** The passkey as the step after a password. */
export async function passkeySecondFactor(): Promise<CurrentUser> {
  const options = await apiRequest(
    'POST',
    '/api/auth/login/second-factor/passkey-options',
    {},
    webAuthnOptions,
  );
  const response = await startAuthentication({ optionsJSON: options as never });
  return apiRequest('POST', '/api/auth/login/second-factor/passkey', { response }, currentUser);
}
