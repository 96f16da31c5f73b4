import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { type EditImageJob, ImageProviderError, type TextToImageJob } from '../provider.ts';
import { type KieAccount, KieAccountsExhaustedError, orderAccounts, submitWithFailover, usageAfterSubmit } from './accounts.ts';
import { KieImageProvider } from './client.ts';

const textJob: TextToImageJob = {
  type: 'text_to_image',
  prompt: 'lighthouse at dusk',
  imageSize: 'auto',
  outputFormat: 'png',
  aspectRatio: '1:1',
};
const editJob: EditImageJob = { ...textJob, type: 'edit_image', inputImageUrls: ['https://studio.example.com/files/uploads/a.png'] };

function account(id: string, overrides: Partial<KieAccount> = {}): KieAccount {
  return {
    id,
    token: `tok-${id}`,
    isEnabled: true,
    totalCredits: 1000,
    nanoBananaCredits: 4,
    nanoBananaEditCredits: 6,
    lastUsed: null,
    totalUsage: 0,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);

describe('orderAccounts', () => {
  it('puts never-used accounts first, then least recently used; skips disabled and underfunded ones', () => {
    const accounts = [
      account('b', { lastUsed: at('2026-01-02T00:00:00Z') }),
      account('a', { lastUsed: at('2026-01-01T00:00:00Z') }),
      account('new'),
      account('off', { isEnabled: false }),
      account('poor', { totalCredits: 3 }),
    ];
    expect(orderAccounts(accounts, textJob).map((a) => a.id)).toEqual(['new', 'a', 'b']);
  });

  it('uses the per-image cost of the job type', () => {
    const accounts = [account('five', { totalCredits: 5 }), account('rich')];
    expect(orderAccounts(accounts, textJob).map((a) => a.id)).toEqual(['five', 'rich']);
    expect(orderAccounts(accounts, editJob).map((a) => a.id)).toEqual(['rich']);
  });
});

describe('submitWithFailover against the fake KIE server', () => {
  let fake: FakeKieServer;
  const providerFor = (a: KieAccount) =>
    new KieImageProvider({ token: a.token, baseUrl: fake.url, sleep: async () => {}, retry: { attempts: 2 } });

  beforeAll(async () => {
    fake = await startFakeKieServer({
      accounts: {
        'tok-broke': { mode: 'out_of_credits', errorsAs: 'http' },
        'tok-broke-body': { mode: 'out_of_credits', errorsAs: 'body' },
        'tok-ok': { mode: 'normal', credits: 100 },
        'tok-down': { mode: 'server_error' },
      },
    });
  });

  afterAll(async () => {
    await fake.close();
  });

  it('402 moves to the next account and reports which one succeeded', async () => {
    const accounts = [account('ok', { lastUsed: at('2026-01-02T00:00:00Z') }), account('broke', { lastUsed: at('2026-01-01T00:00:00Z') })];
    const onAccountError = vi.fn();
    const result = await submitWithFailover({ accounts: { listEnabled: async () => accounts }, job: textJob, providerFor, onAccountError });
    expect(result.account.id).toBe('ok');
    expect(result.cost).toBe(4);
    expect(result.providerTaskId).toMatch(/^task_fake_/);
    expect(result.failures).toEqual([expect.objectContaining({ accountId: 'broke', kind: 'insufficient_credits', httpStatus: 402 })]);
    expect(onAccountError).toHaveBeenCalledWith(accounts[1], expect.any(ImageProviderError));
    expect(fake.createTaskRequests('tok-broke')).toHaveLength(1);
    expect(fake.credits('tok-ok')).toBe(96);
    expect(fake.tasks.get(result.providerTaskId)?.token).toBe('tok-ok');
  });

  it('fails over on a 402 body code, on 5xx after retries, and on 401 (reported)', async () => {
    const accounts = [
      account('broke-body', { lastUsed: at('2026-01-01T00:00:00Z') }),
      account('down', { lastUsed: at('2026-01-01T00:00:01Z') }),
      account('revoked', { lastUsed: at('2026-01-01T00:00:02Z') }),
      account('ok', { lastUsed: at('2026-01-03T00:00:00Z') }),
    ];
    const reported: string[] = [];
    const result = await submitWithFailover({
      accounts: { listEnabled: async () => accounts },
      job: editJob,
      providerFor,
      onAccountError: (a, e) => {
        reported.push(`${a.id}:${e.kind}`);
      },
    });
    expect(result.account.id).toBe('ok');
    expect(result.cost).toBe(6);
    expect(reported).toEqual(['broke-body:insufficient_credits', 'down:server', 'revoked:auth']);
    expect(fake.createTaskRequests('tok-down')).toHaveLength(2);
  });

  it('does not fail over on a validation error (the job is bad everywhere)', async () => {
    const accounts = [account('ok'), account('ok2', { token: 'tok-ok', lastUsed: at('2026-01-01T00:00:00Z') })];
    const before = fake.createTaskRequests('tok-ok').length;
    const error = await submitWithFailover({
      accounts: { listEnabled: async () => accounts },
      job: { ...textJob, prompt: '' },
      providerFor,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProviderError);
    expect((error as ImageProviderError).kind).toBe('validation');
    expect(fake.createTaskRequests('tok-ok').length).toBe(before + 1);
  });

  it('says clearly when no account is left', async () => {
    const none = await submitWithFailover({ accounts: { listEnabled: async () => [] }, job: textJob, providerFor }).catch(
      (e: unknown) => e,
    );
    expect(none).toBeInstanceOf(KieAccountsExhaustedError);
    expect((none as KieAccountsExhaustedError).reason).toBe('no_accounts');
    expect((none as KieAccountsExhaustedError).message).toBe('No enabled KIE account is configured.');

    const poor = await submitWithFailover({
      accounts: { listEnabled: async () => [account('x', { totalCredits: 1 })] },
      job: textJob,
      providerFor,
    }).catch((e: unknown) => e);
    expect((poor as KieAccountsExhaustedError).reason).toBe('no_credits');
    expect((poor as KieAccountsExhaustedError).kind).toBe('insufficient_credits');

    const allFailed = await submitWithFailover({
      accounts: { listEnabled: async () => [account('broke'), account('down')] },
      job: textJob,
      providerFor,
    }).catch((e: unknown) => e);
    expect(allFailed).toBeInstanceOf(KieAccountsExhaustedError);
    expect((allFailed as KieAccountsExhaustedError).reason).toBe('all_failed');
    expect((allFailed as KieAccountsExhaustedError).attempts.map((a) => `${a.accountId}:${a.kind}`)).toEqual([
      'broke:insufficient_credits',
      'down:server',
    ]);
    expect((allFailed as KieAccountsExhaustedError).retryable).toBe(true);
  });
});

describe('usageAfterSubmit', () => {
  it('books the cost on the account', () => {
    const now = at('2026-02-01T12:00:00Z');
    expect(usageAfterSubmit(account('a', { totalCredits: 100, totalUsage: 20 }), 6, now)).toEqual({
      totalCredits: 94,
      totalUsage: 26,
      lastUsed: now,
    });
  });
});
