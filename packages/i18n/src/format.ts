export type Vars = Record<string, string | number>;

/** Replaces `{name}` placeholders; unknown placeholders stay visible so they are noticed. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
