// A problem's words in the reader's language, from its stable `code`. English readers get the server's own detail
// (it names the field or the amounts); other languages the catalogue's sentence for the code, where there is one.
import type { Problem } from '@app/api-client';
import type { Language, MessageKey, Translate } from '@app/i18n';

const WORDED: Record<string, MessageKey> = {
  validation_failed: 'common.problem_validation_failed',
  bad_request: 'common.problem_bad_request',
  unauthorized: 'common.problem_unauthorized',
  invalid_credentials: 'common.problem_invalid_credentials',
  account_disabled: 'common.problem_account_disabled',
  forbidden: 'common.problem_forbidden',
  csrf_rejected: 'common.problem_csrf_rejected',
  not_found: 'common.problem_not_found',
  conflict: 'common.problem_conflict',
  username_taken: 'common.problem_username_taken',
  insufficient_credits: 'common.problem_insufficient_credits',
  package_unavailable: 'common.problem_package_unavailable',
  rate_limited: 'common.problem_rate_limited',
  too_many_tasks: 'common.problem_too_many_tasks',
  payload_too_large: 'common.problem_payload_too_large',
  image_too_large: 'common.problem_image_too_large',
  unsupported_media_type: 'common.problem_unsupported_media_type',
  invalid_image: 'common.problem_invalid_image',
  step_up_required: 'common.problem_step_up_required',
  second_factor_invalid: 'common.problem_second_factor_invalid',
  internal_error: 'common.problem_internal_error',
  upstream_failed: 'common.problem_upstream_failed',
  unavailable: 'common.problem_unavailable',
  payment_declined: 'common.problem_payment_declined',
};

/** The problem's sentence in `language`, or undefined to keep the server's text. */
export function problemWords(problem: Problem, language: Language, t: Translate): string | undefined {
  if (language === 'en') return undefined;
  const key = Object.hasOwn(WORDED, problem.code) ? WORDED[problem.code] : undefined;
  return key && t(key);
}
