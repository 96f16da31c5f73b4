// The admin remote runs on its own origin: the API must answer it with credentials, and only it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsRepository } from '../settings/index.ts';
import { type AdminKit, startAdminKit } from './testing.ts';

const ADMIN_ORIGIN = 'https://admin.example.com';
const EVIL_ORIGIN = 'https://evil.example.net';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit({ config: { corsOrigins: [ADMIN_ORIGIN] } });
});
afterAll(() => kit?.close());

const startCredits = async () => (await new AdminSettingsRepository(kit.server.orm.em.fork()).get()).startCredits;

describe('CORS for the admin remote on its own origin', () => {
  it('a listed origin gets exactly its origin back, with credentials', async () => {
    const res = await kit.asAdmin('GET', '/api/admin/settings', { headers: { origin: ADMIN_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    // The kit stored every settings secret: the answer says so, and the scan in asAdmin found none of them.
    expect(res.body).toMatchObject({ kieTokenSet: true, creemApiKeySet: true, telegramBotTokenSet: true, paypalClientSecretSet: true });
  });

  it('an origin not listed gets no CORS headers at all', async () => {
    const res = await kit.asAdmin('GET', '/api/admin/settings', { headers: { origin: EVIL_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('preflights: allowed for the listed origin (PUT with JSON), refused without permission headers otherwise', async () => {
    const preflight = (origin: string) =>
      fetch(`${kit.server.url}/api/admin/settings`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
    const ok = await preflight(ADMIN_ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ADMIN_ORIGIN);
    expect(ok.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    const refused = await preflight(EVIL_ORIGIN);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(refused.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('cookie-authenticated writes from the listed origin pass the CSRF check, from any other origin they do not', async () => {
    const fromAdmin = await kit.asAdmin('PUT', '/api/admin/settings', {
      body: { startCredits: 11 },
      headers: { origin: ADMIN_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(fromAdmin.status).toBe(200);
    expect(await startCredits()).toBe(11);

    const fromEvil = await kit.asAdmin<{ code: string }>('PUT', '/api/admin/settings', {
      body: { startCredits: 99 },
      headers: { origin: EVIL_ORIGIN },
    });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.body.code).toBe('csrf_rejected');
    const crossSiteNoOrigin = await kit.asAdmin<{ code: string }>('PUT', '/api/admin/settings', {
      body: { startCredits: 98 },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSiteNoOrigin.status).toBe(403);
    const deletion = await kit.asAdmin<{ code: string }>('DELETE', '/api/admin/delete-failed-videos', { headers: { origin: EVIL_ORIGIN } });
    expect(deletion.status).toBe(403);
    expect(await startCredits()).toBe(11);
  });
});
