// The problems admin routes answer with, beyond the generic ones in errors.ts; codes are stable for the UI.
import { HttpProblem } from '../../errors.ts';

/** 409: an admin tried to lock themselves out (demote, disable or delete their own account). */
export const cannotChangeSelf = (detail: string, field?: 'isAdmin' | 'isActive') =>
  new HttpProblem({
    status: 409,
    code: 'cannot_change_self',
    title: 'You cannot do this to your own account',
    detail,
    ...(field && { errors: [{ pointer: `/body/${field}`, detail }] }),
  });

/** 409: the catalogue already holds the most items the API lists (`what` as in "credit packages"). */
export const tooMany = (code: string, title: string, limit: number, what: string) =>
  new HttpProblem({ status: 409, code, title, detail: `There are already ${limit} ${what}. Delete one first.` });

/** 409 on one body field (a taken username, a KIE token already added). */
export const fieldConflict = (field: string, detail: string, code = 'conflict') =>
  new HttpProblem({ status: 409, code, title: 'Conflict', detail, errors: [{ pointer: `/body/${field}`, detail }] });

/** 503: the Telegram bot token or chat id is not set. */
export const telegramNotConfigured = () =>
  new HttpProblem({
    status: 503,
    code: 'telegram_not_configured',
    title: 'Telegram is not configured',
    detail: 'Set the Telegram bot token and chat id first.',
  });

/** 502: Telegram refused the message or could not be reached; `reason` is Telegram's own description. */
export const telegramFailed = (reason: string, retryable: boolean) =>
  new HttpProblem({ status: 502, code: 'telegram_failed', title: 'Telegram test failed', detail: `Telegram: ${reason}`, retryable });

/** 502: KIE refused or could not be reached while reading an account's credits. */
export const kieFailed = (reason: string, retryable: boolean) =>
  new HttpProblem({ status: 502, code: 'kie_failed', title: 'KIE request failed', detail: `KIE: ${reason}`, retryable });
