import { describe, expect, it } from 'vitest';
import { readCreemReturn } from './creemReturn.ts';

describe('the Creem return parameters on /purchase-credits', () => {
  it('needs both checkout_id and order_id', () => {
    expect(readCreemReturn('')).toBeNull();
    expect(readCreemReturn('?checkout_id=ch_1')).toBeNull();
    expect(readCreemReturn('?order_id=ord_1')).toBeNull();
    expect(readCreemReturn('?checkout_id=&order_id=ord_1')).toBeNull();
  });

  it('keeps the URL order the signature was computed over and drops foreign parameters', () => {
    const query = readCreemReturn('?order_id=ord_1&utm_source=x&checkout_id=ch_1&request_id=r1&signature=abc');
    expect(Object.entries(query ?? {})).toEqual([
      ['order_id', 'ord_1'],
      ['checkout_id', 'ch_1'],
      ['request_id', 'r1'],
      ['signature', 'abc'],
    ]);
  });
});
