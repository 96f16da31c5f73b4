/** An optional http(s) address: empty is fine (it clears the setting), anything else must parse. */
export function isOptionalHttpUrl(value: string): boolean {
  const text = value.trim();
  if (!text) return true;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
