// axe-core in a Playwright page: WCAG 2.2 AA rules, serious and critical findings only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  /** Each offending element (a few at most): its selector and the start of its HTML. */
  targets: string[];
}

/**
 * Runs axe over the page as it is now, or over the part `within` selects. The source goes in through the DevTools
 * protocol (`evaluate`), which the pages' Content-Security-Policy does not stop, as it would a script tag.
 */
export async function axeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, within }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(within ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact ?? '',
          targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`),
        }));
    },
    { tags: TAGS, within },
  );
}

/**
 * Waits for the page's finite animations (a dialog fading in, say) to end: axe reads colours as they are drawn, and
 * a half-faded title fails contrast that the settled one passes. Endless ones (spinners) are left running.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? 0))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
