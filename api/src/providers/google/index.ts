export {
  createGoogleAuth,
  createGoogleDiscoveryCache,
  GOOGLE_ISSUER,
  GOOGLE_LEGACY_ISSUER,
  GOOGLE_SCOPE,
  type GoogleAuth,
  GoogleAuthError,
  type GoogleAuthErrorCode,
  type GoogleAuthOptions,
  type GoogleAuthStart,
  type GoogleDiscoveryCache,
  type GoogleIdentity,
} from './auth.ts';
