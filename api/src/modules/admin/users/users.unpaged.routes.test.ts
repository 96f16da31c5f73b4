import type { AdminUserList } from '@app/contract';
import { LIMITS } from '@app/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminKit, startAdminKit } from '../testing.ts';

let kit: AdminKit;
beforeAll(async () => {
  kit = await startAdminKit();
});
afterAll(() => kit?.close());

describe('GET /api/admin/users without limit', () => {
  it(`answers at most the newest ${LIMITS.maxUnpagedUsers} users, with the total of all`, async () => {
    const extra = 5;
    // Older than the admin kit's own users, so the newest ones are the kit's and then bulk users 1, 2, ...
    await kit.server.orm.em.fork().execute(
      `insert into "users" ("id", "username", "username_key", "password_hash", "credits", "is_admin", "is_active", "created_at")
       select gen_random_uuid(), 'bulk' || g, 'bulk' || g, '', 0, false, true, now() - interval '1 day' - g * interval '1 second'
         from generate_series(1, ?) g`,
      [LIMITS.maxUnpagedUsers + extra],
    );
    const res = await kit.asAdmin<AdminUserList>('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(LIMITS.maxUnpagedUsers);
    expect(res.body.total).toBeGreaterThanOrEqual(LIMITS.maxUnpagedUsers + extra);
    expect(res.body.data.some((user) => user.username === 'bulk1')).toBe(true);
    expect(res.body.data.some((user) => user.username === `bulk${LIMITS.maxUnpagedUsers + extra}`)).toBe(false);

    const lastPage = await kit.asAdmin<AdminUserList>('GET', `/api/admin/users?limit=100&page=${Math.ceil(res.body.total / 100)}`);
    expect(lastPage.body.data.at(-1)?.username).toBe(`bulk${LIMITS.maxUnpagedUsers + extra}`);
  });
});
