/** The card's headline price: whole dollars, as the spec shows it ("$10"). */
export function wholeDollars(price: number): string {
  return `$${Math.round(price)}`;
}

/** Price of one credit with 3 decimals ("$0.020"); "$0.000" for a package without credits. */
export function pricePerCredit(price: number, credits: number): string {
  return `$${(credits > 0 ? price / credits : 0).toFixed(3)}`;
}

/** The exact amount charged, in cents precision ("$9.99"), for the dialog and the order summary. */
export function exactDollars(price: number): string {
  return `$${price.toFixed(2)}`;
}
