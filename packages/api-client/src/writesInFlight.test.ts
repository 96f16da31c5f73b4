import { describe, expect, it } from 'vitest';
import { trackWrite, writesSettled } from './writesInFlight.ts';

/** A send whose answer the test gives when it wants. */
function heldSend() {
  let answer: (response: Response) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const send = () =>
    new Promise<Response>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    });
  return { send, answer: () => answer(new Response(null, { status: 204 })), fail: () => fail(new TypeError('network')) };
}

describe('writes in flight', () => {
  it('knows of none while only reads are in flight', async () => {
    const held = heldSend();
    const read = trackWrite(new Request('http://app.test/api/auth/current-user'), held.send);
    expect(writesSettled()).toBeUndefined();
    held.answer();
    await read;
  });

  it('settles once every write answered or failed, and then knows of none', async () => {
    const first = heldSend();
    const second = heldSend();
    const put = trackWrite(new Request('http://app.test/api/user/change-password', { method: 'PUT' }), first.send);
    const post = trackWrite(new Request('http://app.test/api/auth/logout', { method: 'POST' }), second.send).catch(() => 'failed');
    const settled = writesSettled();
    expect(settled).toBeInstanceOf(Promise);
    let done = false;
    settled?.then(() => {
      done = true;
    });
    first.answer();
    expect((await put).status).toBe(204);
    await Promise.resolve();
    expect(done).toBe(false);
    second.fail();
    expect(await post).toBe('failed');
    await settled;
    expect(writesSettled()).toBeUndefined();
  });
});
