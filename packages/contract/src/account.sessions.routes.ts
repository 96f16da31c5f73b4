import { AccountSessionList, EndedSessions, SessionIdParams } from './account.sessions.ts';
import { defineRoute } from './route.ts';

const tags = ['Account security'];

export const listAccountSessions = defineRoute({
  method: 'get',
  path: '/api/user/sessions',
  operationId: 'listAccountSessions',
  summary: 'Where the account is signed in',
  description: 'Each browser session: browser and system (from its User-Agent), when it signed in, its last request and its address.',
  tags,
  role: 'user',
  responses: { 200: { description: 'The sessions, the current one first.', schema: AccountSessionList } },
});

export const endAccountSession = defineRoute({
  method: 'delete',
  path: '/api/user/sessions/{id}',
  operationId: 'endAccountSession',
  summary: 'Sign one session out',
  description:
    "Ends that session at once on every server (its next request is signed out). Ending the current one signs this browser out. Another account's session answers 404, as if it did not exist.",
  tags,
  role: 'user',
  request: { params: SessionIdParams },
  responses: { 204: { description: 'Ended.' } },
});

export const endOtherAccountSessions = defineRoute({
  method: 'post',
  path: '/api/user/sessions/end-others',
  operationId: 'endOtherAccountSessions',
  summary: 'Sign out everywhere else',
  description: 'Ends every session of the account except the one making the request; the audit log records it.',
  tags,
  role: 'user',
  responses: { 200: { description: 'How many ended.', schema: EndedSessions } },
});

export const accountSessionRoutes = [listAccountSessions, endAccountSession, endOtherAccountSessions] as const;
