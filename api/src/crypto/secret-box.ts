// Secrets at rest (provider tokens, API keys, webhook secrets): AES-256-GCM under a key derived from SECRET_KEY,
// a fresh random IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). The version prefix lets the
// format or key change later; a value without it is legacy plaintext and is read as it is.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ENCRYPTED = /^v1:([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22}):([A-Za-z0-9_-]*)$/;

interface Keys {
  /** AES-256-GCM key for values. */
  encryption: Buffer;
  /** HMAC-SHA256 key for look-up digests (unique tokens without storing them in the clear). */
  digest: Buffer;
}

let keys: Keys | undefined;

/** A stored value that does not decrypt under the current key (SECRET_KEY changed, or the value was altered). */
export class SecretDecryptError extends Error {
  override name = 'SecretDecryptError';
}

function derive(secretKey: string): Keys {
  // HKDF with distinct labels: the two keys are independent, and neither is SECRET_KEY itself.
  const ikm = Buffer.from(secretKey, 'utf8');
  const salt = Buffer.from('image-studio/secret-box', 'utf8');
  return {
    encryption: Buffer.from(hkdfSync('sha256', ikm, salt, 'v1 aes-256-gcm settings', 32)),
    digest: Buffer.from(hkdfSync('sha256', ikm, salt, 'v1 hmac-sha256 lookup', 32)),
  };
}

/**
 * Sets the process's SECRET_KEY (the server does it at start, before the database is opened). Without it, the
 * key comes from the environment the way `loadConfig` reads it, so scripts and tests agree with the server.
 */
export function useSecretKey(secretKey: string): void {
  keys = derive(secretKey);
}

function currentKeys(): Keys {
  keys ??= derive(loadConfig().secretKey);
  return keys;
}

/** Whether a stored value is in the encrypted format (anything else is legacy plaintext). */
export function isEncryptedSecret(stored: string): boolean {
  return ENCRYPTED.test(stored);
}

/** Encrypts a secret with a new random IV: the same plaintext never gives the same stored text twice. */
export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', currentKeys().encryption, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/**
 * The plaintext of a stored secret. Legacy plaintext (no `v1:` prefix) comes back as it is.
 * Throws `SecretDecryptError` when an encrypted value fails authentication (wrong key, altered value).
 */
export function decryptSecret(stored: string): string {
  const match = ENCRYPTED.exec(stored);
  if (!match) return stored;
  const [, iv = '', tag = '', ciphertext = ''] = match;
  try {
    const decipher = createDecipheriv('aes-256-gcm', currentKeys().encryption, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch (cause) {
    throw new SecretDecryptError('A stored secret could not be decrypted: was SECRET_KEY changed?', { cause });
  }
}

/** A keyed digest (hex HMAC-SHA256) of a secret: equal secrets give equal digests, for unique indexes and look-ups. */
export function secretDigest(plaintext: string): string {
  return createHmac('sha256', currentKeys().digest).update(plaintext, 'utf8').digest('hex');
}

/** Shortest secret whose last 4 characters may be shown: below this, showing 4 would give away too much. */
const HINT_MIN_LENGTH = 12;

/** What an admin may see of a secret: `••••` plus the last 4 characters (only `••••` for short ones), or null. */
export function secretHint(plaintext: string | null | undefined): string | null {
  if (!plaintext) return null;
  return plaintext.length >= HINT_MIN_LENGTH ? `••••${plaintext.slice(-4)}` : '••••';
}
