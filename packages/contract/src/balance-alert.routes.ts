import { BalanceAlert, BalanceAlertBody } from './balance-alert.ts';
import { defineRoute } from './route.ts';

export const getBalanceAlert = defineRoute({
  method: 'get',
  path: '/api/account/balance-alert',
  operationId: 'getBalanceAlert',
  summary: 'Your low-balance alert',
  description: 'The threshold below which the header warns, and the callback told once each time the balance falls below it.',
  tags: ['Billing'],
  role: 'user',
  responses: { 200: { description: 'The alert (all null when off).', schema: BalanceAlert } },
});

export const setBalanceAlert = defineRoute({
  method: 'put',
  path: '/api/account/balance-alert',
  operationId: 'setBalanceAlert',
  summary: 'Set your low-balance alert',
  description:
    'Replaces the alert. `threshold` is a whole number from 1 to 1,000,000 or null (off). `callbackUrl` (public http(s), as task callbacks) receives a `balance.low` event (`BalanceLowEvent`) signed with the `whsec_` secret of the token `signingTokenId`, once each time a charge takes the balance from the threshold or above to below it; a purchase or refund back above re-arms it. Each invalid field answers 400 with its pointer and nothing is stored; a token that is not yours answers 400 at `/body/signingTokenId`.',
  tags: ['Billing'],
  role: 'user',
  request: { body: BalanceAlertBody },
  responses: { 200: { description: 'Stored.', schema: BalanceAlert } },
});

export const balanceAlertRoutes = [getBalanceAlert, setBalanceAlert] as const;
