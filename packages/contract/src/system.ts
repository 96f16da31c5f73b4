import { z } from './zod.ts';

export const Health = z
  .object({
    status: z.enum(['ok']).describe('Always `ok` when the process can reach its database.').openapi({ example: 'ok' }),
    uptimeSeconds: z.number().describe('Seconds since the process started.').openapi({ example: 42.5 }),
  })
  .openapi('Health');
export type Health = z.infer<typeof Health>;

const CHECK_OK = z.literal('ok');

export const Readiness = z
  .object({
    status: z.literal('ready').describe('The process can take traffic and work.').openapi({ example: 'ready' }),
    checks: z
      .object({
        database: CHECK_OK.describe('The database answers.').openapi({ example: 'ok' }),
        migrations: CHECK_OK.describe('Every migration of this build is applied.').openapi({ example: 'ok' }),
        storage: CHECK_OK.describe('The file storage (local folder or bucket) can be used.').openapi({ example: 'ok' }),
      })
      .describe('Each dependency checked.'),
  })
  .openapi('Readiness', { example: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } } });
export type Readiness = z.infer<typeof Readiness>;

export const RemoteManifest = z
  .object({
    remotes: z
      .record(z.string(), z.string().max(2048))
      .describe('Federated remote name to the URL of its `remoteEntry.js`.')
      .openapi({
        example: {
          studio: '/remotes/studio/remoteEntry.js',
          billing: '/remotes/billing/remoteEntry.js',
          account: '/remotes/account/remoteEntry.js',
          admin: '/remotes/admin/remoteEntry.js',
        },
      }),
  })
  .openapi('RemoteManifest');
export type RemoteManifest = z.infer<typeof RemoteManifest>;
