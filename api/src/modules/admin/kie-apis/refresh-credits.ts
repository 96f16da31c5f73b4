// Reading an account's real balance from KIE (`GET /api/v1/chat/credit`, provider docs) and storing it.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { StudioConfig } from '../../../config.studio.ts';
import { KieImageProvider } from '../../../providers/image/kie/client.ts';
import { isImageProviderError } from '../../../providers/image/provider.ts';
import type { KieApi } from '../../kie-accounts/index.ts';
import { kieFailed } from '../problems.ts';

/**
 * Asks KIE for the account's balance with its own token and stores it as `totalCredits`. Returns the balance
 * before and after. Throws 502 `kie_failed` when KIE refuses (revoked token) or cannot be reached.
 */
export async function refreshKieCredits(
  em: SqlEntityManager,
  api: KieApi,
  kie: StudioConfig['kie'],
): Promise<{ before: number; after: number }> {
  const provider = new KieImageProvider({ token: api.token, baseUrl: kie.baseUrl, retry: { attempts: 2 }, timeoutMs: 15_000 });
  let credits: number;
  try {
    credits = Math.max(0, Math.floor(await provider.getCredits()));
  } catch (error) {
    if (!isImageProviderError(error)) throw error;
    throw kieFailed(error.kind === 'auth' ? 'the token was refused' : error.message, error.retryable);
  }
  const before = api.totalCredits;
  api.totalCredits = credits;
  await em.flush();
  return { before, after: credits };
}
