import { z } from './zod.ts';

export const Health = z
  .object({
    status: z.enum(['ok']).describe('Always `ok` when the process can reach its database.').openapi({ example: 'ok' }),
    uptimeSeconds: z.number().describe('Seconds since the process started.').openapi({ example: 42.5 }),
  })
  .openapi('Health');
export type Health = z.infer<typeof Health>;

export const RemoteManifest = z
  .object({
    remotes: z
      .record(z.string(), z.string().max(2048))
      .describe('Federated remote name to the URL of its `remoteEntry.js`.')
      .openapi({ example: { studio: '/remotes/studio/remoteEntry.js', admin: 'http://127.0.0.1:4174/remoteEntry.js' } }),
  })
  .openapi('RemoteManifest');
export type RemoteManifest = z.infer<typeof RemoteManifest>;
