// Correlates a request across logs, the problem `instance` and the client: accepted from the caller when sane.
// Given and echoed by the request frame (request-frame.ts).

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Ids we accept from callers: short, printable, no spaces, so they are safe in logs and headers. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is sane, else undefined (a new one is made). */
export function saneRequestId(incoming: string | string[] | undefined): string | undefined {
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : undefined;
}
