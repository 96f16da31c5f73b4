// A Google OIDC client for the current settings; discovery is cached across requests.
import { createGoogleAuth, createGoogleDiscoveryCache, type GoogleAuth } from '../../../providers/google/index.ts';
import type { GoogleClientSettings } from './google-settings.ts';

// One per process: metadata and keys are fetched once per issuer and client id, not per sign-in.
const discoveryCache = createGoogleDiscoveryCache();

/** Settings can change in the admin screen at any time, so a client is built per request (cheap). */
export function googleAuthFor(settings: GoogleClientSettings, issuer: string): GoogleAuth {
  return createGoogleAuth({ ...settings, issuer, discoveryCache });
}
