// Where an account is signed in: its browser sessions, as its owner sees them.
import { Count, Id, Message, Timestamp } from './common.ts';
import { z } from './zod.ts';

/** Sessions one account may have listed at once (the newest). */
export const SESSIONS_LISTED_MAX = 100;

export const AccountSession = z
  .object({
    id: Id.describe('The session as listed (not its secret id): end it with `DELETE /api/user/sessions/{id}`.'),
    browser: z.string().max(100).nullable().describe('Browser and major version, from its User-Agent.').openapi({ example: 'Chrome 140' }),
    system: z.string().max(100).nullable().describe('Operating system, from the User-Agent.').openapi({ example: 'macOS' }),
    device: z
      .enum(['desktop', 'mobile', 'tablet', 'other'])
      .describe('Kind of device, from the User-Agent.')
      .openapi({ example: 'desktop' }),
    ip: z.string().max(64).nullable().describe('The client address it signed in from.').openapi({ example: '203.0.113.7' }),
    createdAt: Timestamp.describe('When it signed in.'),
    lastSeenAt: Timestamp.describe('Its last request (updated at most once a minute).'),
    current: z.boolean().describe('Whether this is the session making the request.').openapi({ example: true }),
  })
  .openapi('AccountSession', { description: 'A browser signed in to the account.' });
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionList = z
  .array(AccountSession)
  .max(SESSIONS_LISTED_MAX)
  .describe(`The account's sessions, the current one first, then by last activity (at most ${SESSIONS_LISTED_MAX}).`)
  .openapi('AccountSessionList');

export const SessionIdParams = z.object({ id: Id }).openapi('SessionIdParams');

export const EndedSessions = z
  .object({
    message: Message('Signed out of 2 other sessions'),
    ended: Count('How many sessions ended.', 2),
  })
  .openapi('EndedSessions');
