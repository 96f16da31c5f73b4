// Small server-rendered pages (the sandbox checkout, the problem explanations): plain HTML with one inline
// style sheet, so they work in any browser and client without the UI bundle.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f7fb;color:#1d2433}
main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
.badge{display:inline-block;padding:.25rem .6rem;border-radius:99px;background:#fff4d6;color:#7a4b00;font-weight:600;font-size:.85rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#5b6478}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}form{margin:0}
button{font:inherit;padding:.7rem 1.2rem;border-radius:8px;border:1px solid #c9cfdb;background:#fff;cursor:pointer}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff;font-weight:600}
code{background:#eef1f7;padding:.1rem .3rem;border-radius:4px}`;

/** What a page may add: its language, more of the head (already safe HTML), more style rules. */
export interface HtmlPageOptions {
  lang?: string;
  head?: string;
  style?: string;
}

/** A whole page; `title` is escaped here, `body` must already be safe HTML. */
export function htmlPage(title: string, body: string, options: HtmlPageOptions = {}): string {
  return `<!doctype html>
<html lang="${options.lang ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${options.head ?? ''}
<style>
${STYLE}${options.style ?? ''}
</style></head><body><main>${body}</main></body></html>`;
}
