import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCreem, startFakeCreem } from '../../../test/fakes/creem-server.ts';
import { createCheckout } from './client.ts';
import { redirectSignaturePayload, verifyRedirectSignature } from './redirect.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('verifyRedirectSignature (fixed vectors)', () => {
  const apiKey = 'creem_test_key';
  const sig = sha256('checkout_id=ch_1|order_id=ord_1|customer_id=cust_1|product_id=prod_1|request_id=o-1|salt=creem_test_key');
  const query = `checkout_id=ch_1&order_id=ord_1&customer_id=cust_1&product_id=prod_1&request_id=o-1&signature=${sig}`;

  it('accepts the signature over params in URL order salted with the api key', () => {
    expect(verifyRedirectSignature(query, apiKey)).toBe(true);
    expect(verifyRedirectSignature(`?${query}`, apiKey)).toBe(true);
    expect(verifyRedirectSignature(new URL(`https://app.test/return?${query}`), apiKey)).toBe(true);
    expect(verifyRedirectSignature(`https://app.test/return?${query}`, apiKey)).toBe(true);
    expect(verifyRedirectSignature(new URLSearchParams(query), apiKey)).toBe(true);
  });

  it('accepts an upper-case hex signature', () => {
    expect(verifyRedirectSignature(query.replace(sig, sig.toUpperCase()), apiKey)).toBe(true);
  });

  it('rejects the wrong api key (salt)', () => {
    expect(verifyRedirectSignature(query, 'creem_test_other')).toBe(false);
    expect(verifyRedirectSignature(query, '')).toBe(false);
  });

  it('rejects a changed value', () => {
    expect(verifyRedirectSignature(query.replace('request_id=o-1', 'request_id=o-2'), apiKey)).toBe(false);
  });

  it('rejects reordered params (order is not sorted, it is the URL order)', () => {
    const reordered = `order_id=ord_1&checkout_id=ch_1&customer_id=cust_1&product_id=prod_1&request_id=o-1&signature=${sig}`;
    expect(verifyRedirectSignature(reordered, apiKey)).toBe(false);
  });

  it('leaves out empty and null values, so extra empty params do not break the check', () => {
    const withEmpty = `checkout_id=ch_1&order_id=ord_1&subscription_id=&customer_id=cust_1&product_id=prod_1&request_id=o-1&signature=${sig}`;
    const withNull = `checkout_id=ch_1&order_id=ord_1&customer_id=cust_1&subscription_id=null&product_id=prod_1&request_id=o-1&signature=${sig}`;
    expect(verifyRedirectSignature(withEmpty, apiKey)).toBe(true);
    expect(verifyRedirectSignature(withNull, apiKey)).toBe(true);
    expect(
      redirectSignaturePayload(
        [
          ['a', '1'],
          ['b', ''],
          ['c', null],
          ['signature', 'x'],
          ['d', '2'],
        ],
        'k',
      ),
    ).toBe('a=1|d=2|salt=k');
  });

  it('counts a non-empty extra param, so it breaks the check', () => {
    expect(verifyRedirectSignature(`${query}&payment=success`, apiKey)).toBe(false);
  });

  it('rejects a missing or malformed signature', () => {
    expect(verifyRedirectSignature(query.replace(/&signature=.*$/, ''), apiKey)).toBe(false);
    expect(verifyRedirectSignature(query.replace(sig, sig.slice(0, 63)), apiKey)).toBe(false);
    expect(verifyRedirectSignature(query.replace(sig, 'z'.repeat(64)), apiKey)).toBe(false);
    expect(verifyRedirectSignature(query.replace(sig, ''), apiKey)).toBe(false);
  });
});

describe('verifyRedirectSignature against the fake hosted checkout', () => {
  let creem: FakeCreem;
  beforeAll(async () => {
    creem = await startFakeCreem({ products: [{ id: 'prod_500', price: 1000, currency: 'USD' }] });
  });
  afterAll(() => creem.close());

  it('verifies the redirect the hosted page sends the browser to', async () => {
    const { checkoutId, checkoutUrl } = await createCheckout({
      apiKey: creem.apiKey,
      environment: 'test',
      baseUrl: creem.url,
      productId: 'prod_500',
      requestId: 'order-77',
      successUrl: 'https://app.test/billing/creem/return',
    });
    // A browser clicking "Pay" on the hosted page posts the form and follows a 303 to success_url.
    const page = await fetch(checkoutUrl);
    const html = await page.text();
    expect(html).toContain('action="/checkout/');
    expect(html).toContain('10.00 USD');
    const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://app.test/billing/creem/return');
    expect([...location.searchParams.keys()]).toEqual(['checkout_id', 'order_id', 'customer_id', 'product_id', 'request_id', 'signature']);
    expect(location.searchParams.get('checkout_id')).toBe(checkoutId);
    expect(location.searchParams.get('request_id')).toBe('order-77');

    expect(verifyRedirectSignature(location.searchParams, creem.apiKey)).toBe(true);
    expect(verifyRedirectSignature(location.searchParams, 'creem_test_someone_else')).toBe(false);
    const forged = new URL(location);
    forged.searchParams.set('request_id', 'order-78');
    expect(verifyRedirectSignature(forged.searchParams, creem.apiKey)).toBe(false);
  });
});
