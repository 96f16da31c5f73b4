/**
 * Exact money helpers for PayPal's decimal-string amounts. No floats: values are parsed as digit strings.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** True for a plain non-negative decimal string such as `10`, `10.5`, `10.00`. */
export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/** Canonical form without leading integer zeros or trailing fraction zeros: `010.50` -> `10.5`, `10.00` -> `10`. */
function canonical(value: string): string | null {
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const int = (m[1] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Compares two decimal strings exactly (`10.00` equals `10.0` and `10`). False when either is not a decimal string. */
export function decimalEquals(a: string, b: string): boolean {
  const ca = canonical(a);
  return ca !== null && ca === canonical(b);
}

/** `1000` minor units with exponent 2 -> `"10.00"`. */
export function minorUnitsToDecimal(minor: number | bigint, exponent = 2): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) throw new RangeError(`minor units must be an integer, got ${minor}`);
  const n = BigInt(minor);
  if (n < 0n) throw new RangeError('minor units must not be negative');
  if (exponent === 0) return n.toString();
  const digits = n.toString().padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `"10.5"` with exponent 2 -> `1050`. Throws on more fraction digits than the exponent allows, or a non-decimal. */
export function decimalToMinorUnits(value: string, exponent = 2): number {
  const m = DECIMAL.exec(value);
  if (!m) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > exponent) throw new RangeError(`${value} has more than ${exponent} decimals`);
  const n = BigInt(`${m[1]}${frac.padEnd(exponent, '0').slice(0, exponent)}`);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${value} is too large`);
  return Number(n);
}
