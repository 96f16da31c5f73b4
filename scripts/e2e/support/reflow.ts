// WCAG 1.4.10 Reflow: at 320 CSS px wide a page reads without scrolling sideways.
import type { Page } from 'playwright-core';

/** The narrowest window the criterion names (a 1280 px screen zoomed to 400%). */
export const NARROWEST = { width: 320, height: 812 } as const;

/**
 * What makes the page scroll sideways at its current width: the page's scroll width, then the outermost elements past
 * the window's right edge (a few at most). Empty when the page fits.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return [];
    const pastEdge = (element: Element | null) => element !== null && element.getBoundingClientRect().right > width + 0.5;
    // Inside a box that scrolls or clips on its own (a code sample), what sticks out does not move the page.
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outermost = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        pastEdge(element) && !pastEdge(element.parentElement === document.body ? null : element.parentElement) && !clipped(element),
    );
    return [
      `scroll width ${root.scrollWidth} in ${width}`,
      ...outermost
        .slice(0, 4)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ends at ${Math.round(element.getBoundingClientRect().right)}`,
        ),
    ];
  });
}
