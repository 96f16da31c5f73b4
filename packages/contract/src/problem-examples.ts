// An example problem body for every status a route declares, so the reference and the Prism mock answer a 401
// with an authentication problem rather than the validation failure the `Problem` schema's own examples describe.
// Codes, titles and details are the server's (api/src/errors.ts and the modules' problems.ts).
import type { FieldError, Problem } from './common.ts';
import type { ProblemExample, RouteDef } from './route.ts';
import { SECOND_FACTOR_REQUIRED, STEP_UP_OPERATIONS, STEP_UP_REQUIRED } from './step-up.ts';
import { z } from './zod.ts';

/** `validation_failed` -> `/problems/validation-failed`: the stable `type` URI of a problem code. */
export function problemType(code: string): string {
  return `/problems/${code.replaceAll('_', '-')}`;
}

/** Fields named in `detail` at most; the rest are counted. */
const REASONS_IN_DETAIL = 5;

/**
 * The detail a person reads: `Invalid request body.` + `prompt: Required. input.image_size: Invalid option.`
 * (the first five field reasons), since clients show `message`, not `errors[]`. A reason the detail already
 * says (`Username is already taken`) is not repeated.
 */
export function withFieldReasons(detail: string | undefined, errors: readonly FieldError[] | undefined): string | undefined {
  const reason = (error: FieldError) => error.detail.replace(/\.$/, '');
  const untold = (errors ?? []).filter((error) => !detail?.includes(reason(error)));
  if (!untold.length) return detail;
  const reasons = untold.slice(0, REASONS_IN_DETAIL).map((error) => {
    const field = error.pointer.split('/').slice(2).join('.') || error.pointer.split('/')[1] || 'request';
    return `${field}: ${reason(error)}.`;
  });
  const more = untold.length > REASONS_IN_DETAIL ? ` (${untold.length - REASONS_IN_DETAIL} more)` : '';
  return [detail, ...reasons].filter(Boolean).join(' ') + more;
}

/** What a status means when the route says nothing more specific. */
const BY_STATUS: Record<number, ProblemExample> = {
  401: { code: 'unauthorized', title: 'Authentication required', detail: 'Sign in to continue.' },
  402: { code: 'insufficient_credits', title: 'Insufficient credits', detail: 'This costs 4 credits and your balance is 2.' },
  403: { code: 'forbidden', title: 'Forbidden', detail: 'You do not have permission to do this.' },
  404: { code: 'not_found', title: 'Not found', detail: 'The requested resource was not found.' },
  409: { code: 'conflict', title: 'Conflict', detail: 'The request conflicts with the current state.' },
  413: { code: 'payload_too_large', title: 'Payload too large', detail: 'The request body is too large.' },
  422: { code: 'unprocessable', title: 'Cannot process', detail: 'The request is understood but cannot be carried out.' },
  429: { code: 'rate_limited', title: 'Too many requests', detail: 'Too many requests. Try again later.', retryable: true },
  500: {
    code: 'internal_error',
    title: 'Internal server error',
    detail: 'Something went wrong on our side. Quote the instance id when contacting support.',
    retryable: true,
  },
  502: { code: 'upstream_failed', title: 'Upstream provider failed', detail: 'An upstream provider failed.', retryable: true },
  503: { code: 'unavailable', title: 'Service unavailable', detail: 'The service is temporarily unavailable.', retryable: true },
};

const TOKEN_MISSING: ProblemExample = {
  code: 'unauthorized',
  title: 'Authentication required',
  detail: 'A valid API token is required (Authorization: Bearer ...).',
};
const ADMIN_ONLY: ProblemExample = { code: 'forbidden', title: 'Forbidden', detail: 'Admin access required.' };
const CSRF_REJECTED: ProblemExample = {
  code: 'csrf_rejected',
  title: 'Cross-site request refused',
  detail: 'This request came from another site. Reload the page and try again.',
};

const STEP_UP: ProblemExample = {
  code: STEP_UP_REQUIRED,
  title: 'Confirm it is you',
  detail: 'This change needs a second-factor check within the last 10 minutes. Confirm it is you, then try again.',
};
const NEEDS_SECOND_FACTOR: ProblemExample = {
  code: SECOND_FACTOR_REQUIRED,
  title: 'Second factor required',
  detail: 'Admins must use a second factor. Set up an authenticator app or a passkey under My Account, then come back.',
};

type Location = 'body' | 'query' | 'params' | 'headers';

/** The first declared input field of a route, to point a validation example at. */
function firstField(route: RouteDef): { location: Location; field: string } {
  const r = route.request ?? {};
  for (const location of ['body', 'query', 'params', 'headers'] as const) {
    const schema = r[location];
    if (!schema) continue;
    const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    return { location, field: keys[0] ?? '' };
  }
  return { location: 'body', field: '' };
}

function validationExample(route: RouteDef): ProblemExample {
  const { location, field } = firstField(route);
  return {
    code: 'validation_failed',
    title: 'Validation failed',
    detail: `Invalid request ${location}.`,
    errors: [{ pointer: field ? `/${location}/${field}` : `/${location}`, detail: 'Invalid input' }],
  };
}

/** The examples of one status of a route, the likeliest first. */
export function problemExamples(route: RouteDef, status: number): ProblemExample[] {
  const own = route.problemExamples?.[status];
  if (own?.length) return own;
  if (status === 401 && STEP_UP_OPERATIONS.has(route.operationId)) return [STEP_UP, BY_STATUS[401] as ProblemExample];
  if (status === 400) return [validationExample(route)];
  if (status === 401 && route.role === 'token') return [TOKEN_MISSING];
  if (status === 403) {
    const unsafe = route.method !== 'get';
    if (route.role === 'admin') return unsafe ? [ADMIN_ONLY, NEEDS_SECOND_FACTOR, CSRF_REJECTED] : [ADMIN_ONLY, NEEDS_SECOND_FACTOR];
    if (unsafe) return [CSRF_REJECTED];
  }
  const generic = BY_STATUS[status];
  return generic ? [generic] : [];
}

/** The whole body the server answers for an example: field reasons in the detail, `message` repeating it. */
export function problemBody(status: number, example: ProblemExample): Problem {
  const detail = withFieldReasons(example.detail, example.errors) ?? example.title;
  return {
    type: problemType(example.code),
    title: example.title,
    status,
    detail,
    message: detail,
    instance: '3f2a9c1e-7b4d-4e8a-9c61-0d5e2b7a4f10',
    code: example.code,
    retryable: example.retryable ?? false,
    ...(example.errors && { errors: example.errors }),
  };
}
