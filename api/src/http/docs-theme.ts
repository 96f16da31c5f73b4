// What the reference page adds to Scalar's own look so it passes WCAG 2.2 AA (axe: colour contrast, target size,
// button names): text colours dark enough on its light greys, and room around the sidebar's fold buttons.

/**
 * Scalar's light palette (`--scalar-color-2` #757575, `-3` #8e8e8e, method colours such as blue #0082d0) is below
 * 4.5:1 on its greys. `:is(html, body)` outranks Scalar's own `.light-mode` rules, wherever they come in the page.
 */
export const SCALAR_CUSTOM_CSS = `
:is(html, body).light-mode, :is(html, body) .light-mode {
  --scalar-color-2: #575757;
  --scalar-color-3: #5e5e5e;
  --scalar-color-green: #03694b;
  --scalar-color-red: #b91c1c;
  --scalar-color-yellow: #7a5600;
  --scalar-color-blue: #005a94;
  --scalar-color-orange: #a9380a;
  --scalar-color-query: #006569;
  --scalar-color-accent: #005a94;
}
:is(html, body).dark-mode, :is(html, body) .dark-mode {
  --scalar-color-2: #b4b4b4;
  --scalar-color-3: #a0a0a0;
}
/* The sidebar's fold buttons are 18 px: at least 24 by 24 (WCAG 2.5.8). */
li[data-sidebar-id] button[aria-expanded] {
  min-width: 24px;
  min-height: 24px;
}
`;

/**
 * Scalar's copy buttons carry no accessible name (their label is hidden); this names each as it appears (Scalar renders and re-renders them at will).
 * Runs as an inline script of the page, allowed by the CSP's hash of it.
 */
export const NAME_COPY_BUTTONS = `
new MutationObserver(() => {
  for (const button of document.querySelectorAll('button[class*="group/copy-button"]:not([aria-label])')) {
    button.setAttribute('aria-label', 'Copy');
  }
}).observe(document.documentElement, { childList: true, subtree: true });
`;
