// The browser side of passkeys (@simplewebauthn/browser, downloaded on first use): ask the server for options, let the
// browser and its authenticator answer, hand the answer back to the caller.
import { request } from '@app/api-client';

type Purpose = 'sign_in' | 'second_factor' | 'step_up';

const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A passkey's answer to a new challenge for `purpose`. */
export async function passkeyAnswer(purpose: Purpose) {
  const optionsJSON = await request('post', '/api/auth/passkey/options', { body: { purpose } });
  const { startAuthentication } = await browser();
  return startAuthentication({ optionsJSON: optionsJSON as never });
}

/** A new passkey's registration answer. */
export async function newPasskey() {
  const optionsJSON = await request('post', '/api/user/passkeys/options');
  const { startRegistration } = await browser();
  return startRegistration({ optionsJSON: optionsJSON as never });
}

/** Whether an error is the person (or the browser) calling the passkey request off, which needs no message. */
export const isCancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
