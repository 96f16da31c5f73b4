/** The API wants full http(s) addresses; stored files may be given relative to the site. */
export function absoluteUrl(url: string, base: string = window.location.href): string {
  return new URL(url, base).href;
}
