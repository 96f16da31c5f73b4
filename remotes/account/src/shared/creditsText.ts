// Credits as a person types them in a field: the low-balance threshold and a token's caps read alike.

/**
 * The amount a field's text stands for: null when empty (none), undefined unless a whole number from 1 to `max`.
 * Digits may be grouped by threes with `,`, `.` or a space, as English and Vietnamese write them.
 */
export function creditsFromText(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^(\d+|\d{1,3}([.,\s]\d{3})+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(/[.,\s]/g, ''));
  return value >= 1 && value <= max ? value : undefined;
}

/** A stored amount as its field shows it. */
export const creditsText = (value: number | null) => (value === null ? '' : String(value));
