import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isEncryptedSecret } from '../../crypto/secret-box.ts';
import { openStudioTestDatabase, type StudioTestDatabase } from '../studio/testing/database.ts';
import { KieApi } from './kie-api.entity.ts';
import { KieApiRepository } from './kie-api.repository.ts';

describe('KieApiRepository', () => {
  let db: StudioTestDatabase;
  const repo = () => new KieApiRepository(db.orm.em.fork());

  beforeAll(async () => {
    db = await openStudioTestDatabase();
  });
  afterAll(() => db.close());
  beforeEach(() => db.orm.em.fork().nativeDelete(KieApi, {}));

  it('creates accounts with the spec defaults, the token encrypted at rest and unique', async () => {
    const created = await repo().create({ name: 'Main', token: 'kie-token-123456789' });
    expect(created).toMatchObject({
      totalCredits: 1000,
      nanoBananaCredits: 500,
      nanoBananaEditCredits: 300,
      isEnabled: true,
      totalUsage: 0,
    });
    const [raw] = await db.orm.em.fork().execute<{ token: string }[]>('select "token" from "kie_apis" where "id" = ?', [created.id]);
    expect(isEncryptedSecret(raw?.token ?? '')).toBe(true);
    expect((await repo().findById(created.id))?.token).toBe('kie-token-123456789');
    await expect(repo().create({ name: 'Copy', token: 'kie-token-123456789' })).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });

  it('lists only enabled accounts for rotation', async () => {
    await repo().create({ name: 'On', token: 'on-token-1234567' });
    await repo().create({ name: 'Off', token: 'off-token-1234567', isEnabled: false });
    const enabled = await repo().listEnabled();
    expect(enabled.map((a) => [a.name, a.token])).toEqual([['On', 'on-token-1234567']]);
    expect(await repo().hasEnabled()).toBe(true);
    await db.orm.em.fork().nativeUpdate(KieApi, {}, { isEnabled: false });
    expect(await repo().hasEnabled()).toBe(false);
  });

  it('books usage atomically: concurrent submits never lose an update', async () => {
    const api = await repo().create({ name: 'Busy', token: 'busy-token-1234567' });
    await Promise.all(Array.from({ length: 20 }, () => repo().recordUsage(api.id, 7)));
    const after = await repo().findById(api.id);
    expect(after).toMatchObject({ totalUsage: 140, totalCredits: 1000 - 140 });
    expect(after?.lastUsed).toBeInstanceOf(Date);
    await repo().markOutOfCredits(api.id);
    expect((await repo().findById(api.id))?.totalCredits).toBe(0);
  });

  it('updates and deletes, answering null/false for unknown ids', async () => {
    const api = await repo().create({ name: 'Old', token: 'old-token-1234567' });
    expect(await repo().update(api.id, { name: 'New', nanoBananaCredits: 450 })).toMatchObject({ name: 'New', nanoBananaCredits: 450 });
    expect(await repo().update(crypto.randomUUID(), { name: 'x' })).toBeNull();
    expect(await repo().delete(api.id)).toBe(true);
    expect(await repo().delete(api.id)).toBe(false);
  });
});
