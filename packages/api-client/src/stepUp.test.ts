import createClient from 'openapi-fetch';
import { afterEach, describe, expect, it } from 'vitest';
import type { paths } from './generated/schema.d.ts';
import { onStepUpRequired, stepUpMiddleware } from './stepUp.ts';

const STEP_UP = JSON.stringify({ type: '/problems/step-up-required', title: 'Confirm it is you', status: 401, code: 'step_up_required' });

/** A client whose server refuses the first `refusals` calls with 401 step_up_required, and records every body it got. */
function clientRefusing(refusals: number, code = 'step_up_required') {
  const bodies: string[] = [];
  let left = refusals;
  const fetch = async (request: Request) => {
    bodies.push(await request.text());
    if (left-- > 0) {
      const body = code === 'step_up_required' ? STEP_UP : JSON.stringify({ status: 401, title: 'Authentication required', code });
      return new Response(body, { status: 401, headers: { 'content-type': 'application/problem+json' } });
    }
    return new Response(JSON.stringify({ id: 'x' }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = createClient<paths>({ baseUrl: 'http://app.test', fetch });
  client.use(stepUpMiddleware);
  return { client, bodies };
}

const undo: (() => void)[] = [];
afterEach(() => {
  for (const done of undo.splice(0)) done();
});

describe('step-up', () => {
  it('asks the registered prompt and sends the refused call again, body and all', async () => {
    let asked = 0;
    undo.push(
      onStepUpRequired(async () => {
        asked += 1;
        return true;
      }),
    );
    const { client, bodies } = clientRefusing(1);
    const answer = await client.PUT('/api/admin/users/{userId}/credits', { params: { path: { userId: 'u1' } }, body: { credits: 40 } });
    expect(answer.response.status).toBe(200);
    expect(asked).toBe(1);
    expect(bodies).toEqual(['{"credits":40}', '{"credits":40}']);
  });

  it('leaves the 401 when the person gives up, when nobody can ask, or for another 401', async () => {
    const plain = clientRefusing(1);
    expect((await plain.client.POST('/api/admin/refund/{taskId}', { params: { path: { taskId: 't' } } })).response.status).toBe(401);

    undo.push(onStepUpRequired(async () => false));
    const refused = clientRefusing(1);
    expect((await refused.client.POST('/api/admin/refund/{taskId}', { params: { path: { taskId: 't' } } })).response.status).toBe(401);
    expect(refused.bodies).toHaveLength(1);

    undo.push(onStepUpRequired(async () => true));
    const signedOut = clientRefusing(1, 'unauthorized');
    expect((await signedOut.client.POST('/api/admin/refund/{taskId}', { params: { path: { taskId: 't' } } })).response.status).toBe(401);
    expect(signedOut.bodies).toHaveLength(1);
  });

  it('asks once for calls refused together', async () => {
    let asked = 0;
    undo.push(
      onStepUpRequired(async () => {
        asked += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return true;
      }),
    );
    const { client } = clientRefusing(2);
    const path = { params: { path: { taskId: 't' } } } as const;
    const answers = await Promise.all([client.POST('/api/admin/refund/{taskId}', path), client.POST('/api/admin/refund/{taskId}', path)]);
    expect(answers.map((answer) => answer.response.status)).toEqual([200, 200]);
    expect(asked).toBe(1);
  });
});
