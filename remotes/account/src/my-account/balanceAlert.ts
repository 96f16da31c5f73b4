/** The threshold typed: null when empty (off), undefined when not a whole number from 1 to 1,000,000 (digits may be grouped by threes). */
export function thresholdFromText(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^(\d+|\d{1,3}([.,\s]\d{3})+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(/[.,\s]/g, ''));
  return value >= 1 && value <= 1_000_000 ? value : undefined;
}
