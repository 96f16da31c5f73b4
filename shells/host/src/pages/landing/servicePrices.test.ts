import { describe, expect, it } from 'vitest';
import { servicePrices } from './servicePrices.ts';

const pricing = {
  nanoBananaApiPrice: 7,
  nanoBananaEditApiPrice: 9,
  nanoBananaResizeCredits: 3,
  nanoBananaCredits: 2,
  nanoBananaEditCredits: 3,
  creemEnabled: true,
  sandboxPayments: false,
  paypalEnabled: false,
};

describe('servicePrices', () => {
  it('shows the spec defaults until the pricing call answers', () => {
    const rows = servicePrices(undefined);
    expect(rows.map((r) => r.credits)).toEqual([5, 5, 2]);
    expect(rows.map((r) => r.studioCredits)).toEqual([2, 3, 2]);
    expect(rows.map((r) => r.usd)).toEqual(['$0.025', '$0.025', '$0.010']);
  });

  it('shows the API prices and the studio costs apart, and one resize price for upscale', () => {
    const rows = servicePrices(pricing);
    expect(rows.map((r) => r.credits)).toEqual([7, 9, 3]);
    expect(rows.map((r) => r.studioCredits)).toEqual([2, 3, 3]);
    expect(rows.map((r) => r.usd)).toEqual(['$0.025', '$0.025', '$0.015']);
  });
});
