// A cap as typed: empty is no cap; otherwise a whole number of credits above 0 (what the API takes).
const MAX_CAP = 2_147_483_647;

/** The cap a field's text stands for: null for empty, undefined when it is not one. */
export function capFromText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_CAP ? value : undefined;
}

/** A stored cap as the field shows it. */
export const capText = (cap: number | null) => (cap === null ? '' : String(cap));
