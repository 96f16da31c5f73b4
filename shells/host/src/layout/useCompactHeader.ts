import { type RefObject, useLayoutEffect, useState } from 'react';

/** How far the header has folded: 0 all shown, 1 the product name gives way to the logo, 2 the links go to the menu. */
export type HeaderFold = 0 | 1 | 2;

/**
 * How far the header must fold so that nothing overlaps at the current width, whatever the language, role or
 * balance makes the links and the account corner need: one step each time the links (or the bar) overflow.
 * The width at which each step was taken is kept, so it unfolds only once the bar is wider again (no flicker at
 * the edge). `content` names what changes the widths (language, signed in, admin): each change measures afresh.
 */
export function useCompactHeader(bar: RefObject<HTMLElement | null>, nav: RefObject<HTMLElement | null>, content: string): HeaderFold {
  const [foldedAt, setFoldedAt] = useState<number[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is the trigger: new widths need a new measurement.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      setFoldedAt((steps) => {
        const last = steps.at(-1);
        if (last !== undefined && width > last) return steps.slice(0, -1);
        const links = nav.current;
        const overflows = element.scrollWidth > width + 1 || (links !== null && links.scrollWidth > links.clientWidth + 1);
        return overflows && steps.length < 2 ? [...steps, width] : steps;
      });
    };
    setFoldedAt([]);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The links' box shrinks when the account corner grows (a longer balance), with the bar's width unchanged.
    if (nav.current) observer.observe(nav.current);
    return () => observer.disconnect();
  }, [bar, nav, content]);

  return foldedAt.length as HeaderFold;
}
