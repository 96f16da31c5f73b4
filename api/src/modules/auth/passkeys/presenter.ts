// Passkeys as their owner sees them: never the key itself.
import type { Passkey } from '@app/contract';
import type { PasskeyCredential } from './passkey.entity.ts';

export function presentPasskey(passkey: PasskeyCredential): Passkey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    backedUp: passkey.backedUp,
  };
}
