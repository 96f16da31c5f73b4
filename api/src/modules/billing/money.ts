// Money on orders: integer minor units (cents) everywhere; decimal strings only at the edges. Never floats.
import { decimalToMinorUnits, minorUnitsToDecimal } from '../../providers/paypal/money.ts';

/** Every order is priced in US dollars (spec 001 §9). */
export const ORDER_CURRENCY = 'USD';

/** A package price as stored (`'10.00'`, `'10.5'`) to minor units (`1000`, `1050`), exactly. */
export function priceToMinorUnits(price: string): number {
  return decimalToMinorUnits(price, 2);
}

/** Minor units to the decimal string providers and the UI expect: `1000` -> `'10.00'`. */
export function minorUnitsToPrice(minor: number): string {
  return minorUnitsToDecimal(minor, 2);
}
