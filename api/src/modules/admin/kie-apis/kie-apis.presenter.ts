// KIE accounts to the admin's wire shape: the token only as a hint, the status from the credit threshold.
import { type KieApiAccount, LIMITS } from '@app/contract';
import { secretHint } from '../../../crypto/secret-box.ts';
import type { KieApi } from '../../kie-accounts/index.ts';

/** `available` at or above the low-credit threshold (400), else `low_credits` (spec 001 §2). */
export const kieStatus = (totalCredits: number): KieApiAccount['status'] =>
  totalCredits >= LIMITS.lowProviderCredits ? 'available' : 'low_credits';

export function presentKieApi(api: KieApi): KieApiAccount {
  return {
    id: api.id,
    name: api.name,
    tokenHint: secretHint(api.token) ?? '••••',
    totalCredits: api.totalCredits,
    nanoBananaCredits: api.nanoBananaCredits,
    nanoBananaEditCredits: api.nanoBananaEditCredits,
    isEnabled: api.isEnabled,
    status: kieStatus(api.totalCredits),
    lastUsed: api.lastUsed?.toISOString() ?? null,
    totalUsage: api.totalUsage,
    createdAt: api.createdAt.toISOString(),
    updatedAt: api.updatedAt.toISOString(),
  };
}
