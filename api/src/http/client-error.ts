// Requests Node refuses before the app runs (headers or URL too large, a malformed request line, a timeout) get a
// problem+json answer too, instead of Node's bare status line with no body.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpProblem } from '../errors.ts';

const PARSER_PROBLEMS: Record<string, { status: number; code: string; title: string; detail: string; reason: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'headers_too_large',
    title: 'Request header fields too large',
    detail: 'The request line or headers are too large. Send a shorter URL or query string, or fewer headers.',
    reason: 'Request Header Fields Too Large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'request_timeout',
    title: 'Request timeout',
    detail: 'The request took too long to arrive.',
    reason: 'Request Timeout',
  },
};

const MALFORMED = {
  status: 400,
  code: 'bad_request',
  title: 'Bad request',
  detail: 'The request is not valid HTTP.',
  reason: 'Bad Request',
};

/** The raw response for a parser error: status line, problem+json body, connection closed. */
export function clientErrorResponse(errorCode: string | undefined, origin?: string): string {
  const { reason, ...init } = PARSER_PROBLEMS[errorCode ?? ''] ?? MALFORMED;
  const body = JSON.stringify(new HttpProblem(init).toProblem(undefined, origin));
  return [
    `HTTP/1.1 ${init.status} ${reason}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answers Node's client errors with problems (`origin` makes their `type` absolute); a socket already gone or answered is just closed. */
export function answerClientErrors(server: Server, origin?: () => string | undefined): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error.code, origin?.()));
  });
}
