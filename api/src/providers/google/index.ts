export {
  createGoogleAuth,
  createGoogleDiscoveryCache,
  type GoogleAuth,
  GoogleAuthError,
  type GoogleAuthErrorCode,
  type GoogleIdentity,
} from './auth.ts';
