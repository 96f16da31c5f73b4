// A column type that encrypts on write and decrypts on read, so server code only ever sees plaintext and the
// database only ever holds `v1:...` ciphertext (see secret-box.ts). Legacy plaintext rows read as they are.
import { type Platform, type TransformContext, Type } from '@mikro-orm/core';
import { decryptSecret, encryptSecret, SecretDecryptError } from './secret-box.ts';

let warned = false;

/**
 * A value that no longer decrypts (SECRET_KEY changed) reads as "not set" instead of failing every request
 * that touches the row (pricing, sign-in, checkout); the admin enters it again. Warned once per process.
 */
function readable(stored: string): string | null {
  try {
    return decryptSecret(stored);
  } catch (error) {
    if (!(error instanceof SecretDecryptError)) throw error;
    if (!warned) {
      warned = true;
      process.emitWarning('A stored secret could not be decrypted with SECRET_KEY; it reads as not set until it is entered again.', {
        code: 'SECRET_UNDECRYPTABLE',
      });
    }
    return null;
  }
}

/** `text` column holding an encrypted secret; the entity property is the plaintext (or null). */
export class EncryptedText extends Type<string | null, string | null> {
  override convertToDatabaseValue(value: string | null, _platform: Platform, _context?: TransformContext): string | null {
    if (value === null || value === undefined) return null;
    return encryptSecret(value);
  }

  override convertToJSValue(value: string | null, _platform: Platform, _context?: TransformContext): string | null {
    if (value === null || value === undefined) return null;
    return readable(value);
  }

  // Each encryption uses a new IV, so two ciphertexts of one value differ: compare what they decrypt to,
  // or every flush would rewrite every secret.
  override compareValues(a: string | null, b: string | null): boolean {
    if (a === null || b === null || a === undefined || b === undefined) return a === b;
    return readable(a) === readable(b);
  }

  override compareAsType(): string {
    return 'string';
  }

  override getColumnType(): string {
    return 'text';
  }
}
