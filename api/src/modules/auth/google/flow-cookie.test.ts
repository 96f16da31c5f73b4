import { describe, expect, it } from 'vitest';
import { GOOGLE_FLOW_TTL_MS, openFlow, sealFlow } from './flow-cookie.ts';

const key = 'k'.repeat(40);
const flow = { state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' };

describe('Google flow cookie', () => {
  it('round-trips untampered values within ten minutes', () => {
    const now = 1_000_000;
    const sealed = sealFlow(flow, key, now);
    expect(openFlow(sealed, key, now + GOOGLE_FLOW_TTL_MS - 1)).toEqual(flow);
  });

  it('expires after ten minutes', () => {
    const sealed = sealFlow(flow, key, 0);
    expect(openFlow(sealed, key, GOOGLE_FLOW_TTL_MS)).toBeUndefined();
  });

  it('refuses a changed payload, a changed signature, another key and junk', () => {
    const sealed = sealFlow(flow, key);
    const [payload, mac] = sealed.split('.');
    const edited = Buffer.from(JSON.stringify({ ...flow, state: 'attacker', exp: Date.now() + 60_000 })).toString('base64url');
    expect(openFlow(`${edited}.${mac}`, key)).toBeUndefined();
    expect(openFlow(`${payload}.${mac?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, key)).toBeUndefined();
    expect(openFlow(sealed, 'j'.repeat(40))).toBeUndefined();
    for (const junk of [undefined, '', 'x', 'a.b.c', `${payload}.`]) expect(openFlow(junk, key)).toBeUndefined();
  });
});
