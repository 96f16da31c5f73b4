import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCreem, startFakeCreem } from '../../../test/fakes/creem-server.ts';
import { CREEM_BASE_URLS, CreemApiError, createCheckout, getCheckout } from './client.ts';

let creem: FakeCreem;
const conn = () => ({ apiKey: creem.apiKey, environment: 'test' as const, baseUrl: creem.url });

beforeAll(async () => {
  creem = await startFakeCreem({ products: [{ id: 'prod_500', name: '500 credits', price: 1000, currency: 'USD' }] });
});
afterAll(() => creem.close());

describe('createCheckout', () => {
  it('posts a snake_case body with the api key and returns the hosted checkout url', async () => {
    const result = await createCheckout({
      ...conn(),
      productId: 'prod_500',
      requestId: 'order-123',
      successUrl: 'https://app.test/billing/creem/return',
      customerEmail: 'ann@example.test',
      metadata: { userId: 'u1' },
    });
    expect(result.checkoutId).toMatch(/^ch_/);
    expect(result.checkoutUrl).toBe(`${creem.url}/checkout/${result.checkoutId}`);

    const req = creem.requests.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/checkouts');
    expect(req?.headers['x-api-key']).toBe(creem.apiKey);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({
      product_id: 'prod_500',
      request_id: 'order-123',
      success_url: 'https://app.test/billing/creem/return',
      customer: { email: 'ann@example.test' },
      metadata: { userId: 'u1' },
    });
  });

  it('leaves out customer and metadata when not given', async () => {
    await createCheckout({ ...conn(), productId: 'prod_500', requestId: 'order-124', successUrl: 'https://app.test/r' });
    expect(creem.requests.at(-1)?.body).toEqual({ product_id: 'prod_500', request_id: 'order-124', success_url: 'https://app.test/r' });
  });

  it('maps 403 (bad key) to invalid_api_key with the trace id and messages', async () => {
    const err = await createCheckout({
      ...conn(),
      apiKey: 'creem_live_wrong',
      productId: 'prod_500',
      requestId: 'o',
      successUrl: 'https://a.test',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CreemApiError);
    const e = err as CreemApiError;
    expect(e.code).toBe('invalid_api_key');
    expect(e.status).toBe(403);
    expect(e.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(e.messages[0]).toMatch(/Invalid API key/);
    expect(e.message).toContain('403');
  });

  it('maps 404 for an unknown product to not_found', async () => {
    const err = await createCheckout({ ...conn(), productId: 'prod_nope', requestId: 'o', successUrl: 'https://a.test' }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports a connection failure as network', async () => {
    const dead = await startFakeCreem();
    const baseUrl = dead.url;
    await dead.close();
    const err = await createCheckout({
      apiKey: 'k',
      environment: 'test',
      baseUrl,
      productId: 'p',
      requestId: 'o',
      successUrl: 'https://a.test',
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'network', status: 0 });
  });

  it('knows the documented hosts', () => {
    expect(CREEM_BASE_URLS).toEqual({ test: 'https://test-api.creem.io', prod: 'https://api.creem.io' });
  });
});

describe('getCheckout', () => {
  it('reads a pending checkout without an order', async () => {
    const { checkoutId } = await createCheckout({
      ...conn(),
      productId: 'prod_500',
      requestId: 'order-200',
      successUrl: 'https://app.test/r',
    });
    const checkout = await getCheckout({ ...conn(), checkoutId });
    expect(checkout).toMatchObject({ id: checkoutId, status: 'pending', requestId: 'order-200', productId: 'prod_500', order: null });
    expect(creem.requests.at(-1)?.query.get('checkout_id')).toBe(checkoutId);
  });

  it('reads the paid order in minor units after payment', async () => {
    const { checkoutId } = await createCheckout({
      ...conn(),
      productId: 'prod_500',
      requestId: 'order-201',
      successUrl: 'https://app.test/r',
    });
    await creem.pay(checkoutId);
    const checkout = await getCheckout({ ...conn(), checkoutId });
    expect(checkout.status).toBe('completed');
    expect(checkout.order).toMatchObject({ amount: 1000, currency: 'USD', status: 'paid', productId: 'prod_500' });
    expect(checkout.order?.id).toMatch(/^ord_/);
    expect(checkout.customerId).toMatch(/^cust_/);
  });

  it('maps an unknown checkout to not_found', async () => {
    await expect(getCheckout({ ...conn(), checkoutId: 'ch_missing' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
