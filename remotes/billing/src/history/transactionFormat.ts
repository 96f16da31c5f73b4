/** The user list shows descriptions up to 60 characters (spec 000 §9). */
export const DESCRIPTION_MAX = 60;

/** Cuts `text` to `max` characters, ending with an ellipsis when something was cut. */
export function truncate(text: string, max = DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
