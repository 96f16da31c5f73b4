import { LiveBalanceEvent, LiveTaskEvent } from './live.ts';
import { defineRoute } from './route.ts';
import { z } from './zod.ts';

export const streamEvents = defineRoute({
  method: 'get',
  path: '/api/events',
  operationId: 'streamEvents',
  summary: 'Live updates of your tasks and balance (server-sent events)',
  description: [
    'A `text/event-stream` that stays open while the session lives; it closes on sign-out, a password change or a disabled account.',
    '',
    '- `event: task`, `data:` a `LiveTaskEvent` (JSON): one of your tasks was created or changed (status, result, HD image, refund). Apply it only when its `revision` is newer than what you hold.',
    '- `event: balance`, `data:` a `LiveBalanceEvent` (JSON): your credits changed.',
    '- `event: reset`: events were missed and cannot be replayed; refetch what you show.',
    '',
    'Every event has an `id:`; a reconnect sending it as `Last-Event-ID` receives what it missed (events are kept one hour). Comment lines (`: ping`) come every 20 s so proxies keep the connection. Only your own events are sent. Polling `GET /api/image-tasks` and `GET /api/auth/current-user` remains the fallback.',
  ].join('\n'),
  tags: ['Studio'],
  role: 'user',
  request: {
    headers: z.object({
      'last-event-id': z.string().max(20).regex(/^\d+$/).optional().describe('The id of the last event received, to resume.'),
    }),
  },
  responses: {
    200: {
      description: 'The event stream (never compressed, never buffered).',
      contentType: 'text/event-stream',
      eventSchema: z.union([LiveTaskEvent, LiveBalanceEvent]).describe("One event's `data:` (JSON), by its `event:` name."),
    },
  },
});

export const liveRoutes = [streamEvents] as const;
