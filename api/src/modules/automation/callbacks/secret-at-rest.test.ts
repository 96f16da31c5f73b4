import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer } from '../../../../test/index.ts';
import { encryptPlaintextSecrets } from '../../admin/index.ts';
import { ApiToken, createApiToken } from '../../tokens/index.ts';

describe('token signing secrets at rest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('a signing secret written in plaintext is encrypted by the start-up step and still reads back', async () => {
    const user = await createUser(server);
    const { record, signingSecret } = await createApiToken(server.orm.em.fork(), user.id, 'n8n');
    await server.orm.em.fork().execute('update "api_tokens" set "signing_secret" = ? where "id" = ?', [signingSecret, record.id]);
    expect(await encryptPlaintextSecrets(server.orm.em.fork())).toBeGreaterThanOrEqual(1);
    const [row] = await server.orm.em
      .fork()
      .execute<{ signing_secret: string }[]>('select "signing_secret" from "api_tokens" where "id" = ?', [record.id]);
    expect(row?.signing_secret).toMatch(/^v1:/);
    expect((await server.orm.em.fork().findOneOrFail(ApiToken, { id: record.id })).signingSecret).toBe(signingSecret);
  });
});
