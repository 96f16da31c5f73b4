// Start-up step: secrets written before encryption existed (or by hand, in SQL) are encrypted in place.
// Reading already tolerates plaintext; this makes sure none stays in the database.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { encryptSecret, isEncryptedSecret } from '../../../crypto/secret-box.ts';
import { findColumnValues, replaceColumnValue } from './encrypted-column.repository.ts';

/** Tables and columns holding `EncryptedText` values (snake_case, as in the database). */
export const ENCRYPTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  admin_settings: [
    'kie_token',
    'creem_api_key',
    'creem_webhook_secret',
    'paypal_client_secret',
    'google_client_secret',
    'telegram_bot_token',
  ],
  kie_apis: ['token'],
  api_tokens: ['signing_secret'],
};

/**
 * Encrypts every plaintext value of the encrypted columns; returns how many values it encrypted.
 * Idempotent, and safe with several processes starting at once (each update only fires on the plaintext it read).
 */
export async function encryptPlaintextSecrets(em: SqlEntityManager): Promise<number> {
  let count = 0;
  for (const [table, columns] of Object.entries(ENCRYPTED_COLUMNS)) {
    for (const column of columns) {
      const rows = await findColumnValues(em, table, column);
      for (const row of rows) {
        if (isEncryptedSecret(row.value)) continue;
        count += await replaceColumnValue(em, table, column, { id: row.id, current: row.value, next: encryptSecret(row.value) });
      }
    }
  }
  return count;
}
