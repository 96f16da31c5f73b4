// At submission: the callback address is checked and the token that will sign it is found; once the task
// is queued its deliveries are recorded (their jobs are sent when their events happen).
import type { CALLBACK_EVENTS } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FetchImageOptions } from '../../../images/fetch-image.ts';
import { checkUrl, GuardedFetchError } from '../../../net/guarded-fetch.ts';
import { ApiToken, hashToken } from '../../tokens/index.ts';
import { invalidCallbackUrl } from '../problems.ts';
import { insertDelivery } from './deliveries.repository.ts';

type CallbackEvent = (typeof CALLBACK_EVENTS)[number];

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Checks `url` with the SSRF guard (private and loopback addresses outside the operator's allowed networks,
 * and non-http(s) addresses, are refused: 400 at `/body/callbackUrl`) and returns the id of the calling token, whose secret signs the deliveries.
 */
export async function checkCallbackTarget(
  em: SqlEntityManager,
  authorization: string,
  url: string,
  fetchOptions: FetchImageOptions,
): Promise<{ apiTokenId: string }> {
  try {
    await checkUrl(url, fetchOptions);
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      throw invalidCallbackUrl(error.message, error.reason === 'blocked_address' || error.reason === 'blocked_host');
    }
    throw error;
  }
  const bearer = BEARER.exec(authorization)?.[1];
  const token = bearer ? await em.findOne(ApiToken, { tokenHash: hashToken(bearer) }) : null;
  if (!token) throw new Error('automation callback without a resolvable bearer token');
  if (!token.signingSecret) {
    throw invalidCallbackUrl('This token was created before callbacks existed and has no signing secret. Create a new token.');
  }
  return { apiTokenId: token.id };
}

/** Records one delivery per chosen event of a queued task; each is queued when its event happens (delivery-jobs.ts). */
export async function recordCallback(
  em: SqlEntityManager,
  taskId: string,
  apiTokenId: string,
  url: string,
  events: readonly CallbackEvent[],
): Promise<void> {
  for (const event of events) {
    await insertDelivery(em, { taskId, apiTokenId, url, event });
  }
}
