import { defineRoute } from './route.ts';
import { Health, Readiness, RemoteManifest } from './system.ts';

export const getHealth = defineRoute({
  method: 'get',
  path: '/healthz',
  operationId: 'getHealth',
  summary: 'Liveness and database check',
  description:
    'Waits for the database to answer a query sent after the request arrived (requests arriving together share one), unless one sent at most a second before it succeeded; a database that does not answer makes this a 500 within that second. For load balancers and probes.',
  tags: ['System'],
  role: 'anonymous',
  responses: { 200: { description: 'The process is up and its database answers.', schema: Health } },
});

export const getReadiness = defineRoute({
  method: 'get',
  path: '/readyz',
  operationId: 'getReadiness',
  summary: 'Readiness: database, migrations and file storage',
  description:
    'For load balancers and orchestrators: 200 when this process can serve and work, 503 `unavailable` naming what is not ready (the database, a migration not applied yet, or the file storage).',
  tags: ['System'],
  role: 'anonymous',
  responses: { 200: { description: 'Ready.', schema: Readiness } },
  problems: [503],
});

export const getRemoteManifest = defineRoute({
  method: 'get',
  path: '/api/remotes',
  operationId: 'getRemoteManifest',
  summary: 'Where the UI remotes are served from',
  description: 'Read by the host shell at start so no remote URL is baked into a build.',
  tags: ['System'],
  role: 'anonymous',
  responses: { 200: { description: 'Remote name to entry URL.', schema: RemoteManifest } },
});

export const systemRoutes = [getHealth, getReadiness, getRemoteManifest] as const;
