// One `Idempotency-Key` per intent of a create call: a new key for a new intent, the same key when the same call is
// sent again without a definite answer (no answer at all, 409 while the first still runs, a server error), so that
// repeat replays on the server instead of creating or charging twice.
import { ApiError } from './problem.ts';

/** 128 random bits in hex (`crypto.getRandomValues` works on plain http too, where `randomUUID` does not). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface IntentKeys {
  /** The key for sending this request: the open intent's key when it is the same request, else a new one. */
  keyFor(request: unknown): string;
  /** The call ended with `error` (undefined: it succeeded); a definite end closes the intent, the next send is a new one. */
  ended(error?: unknown): void;
}

/**
 * Whether the server surely answered for this request and kept nothing running: a success, or a refusal (4xx)
 * that did nothing. No answer, a 5xx or 409 `idempotency_in_progress` may hide a call that went through.
 */
function isDefinite(error: unknown): boolean {
  if (error === undefined) return true;
  if (!(error instanceof ApiError)) return false;
  return error.status < 500 && error.problem.code !== 'idempotency_in_progress';
}

export function intentKeys(): IntentKeys {
  let open: { request: string; key: string } | undefined;
  return {
    keyFor(request) {
      const text = JSON.stringify(request) ?? '';
      if (open?.request !== text) open = { request: text, key: newKey() };
      return open.key;
    },
    ended(error) {
      if (isDefinite(error)) open = undefined;
    },
  };
}
