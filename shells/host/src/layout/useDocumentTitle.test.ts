import { isPagePath, PAGE_PATHS, REMOTE_ROUTES } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';
import { pageTitleKey } from './useDocumentTitle.ts';

describe('page titles and known pages', () => {
  it('names every page of the UI, and the server knows the same pages', () => {
    const uiPages = ['/', '/contact', ...Object.values(REMOTE_ROUTES).flat()];
    expect([...PAGE_PATHS].sort()).toEqual(uiPages.sort());
    for (const path of uiPages) expect(pageTitleKey(path), path).not.toBe('common.notFoundTitle');
    expect(new Set(uiPages.map(pageTitleKey)).size).toBe(uiPages.length);
  });

  it('calls an unknown address Page Not Found, on the server too', () => {
    expect(pageTitleKey('/nope')).toBe('common.notFoundTitle');
    expect(pageTitleKey('/contact/more')).toBe('common.notFoundTitle');
    expect(isPagePath('/contact/more')).toBe(false);
    // The remote owns the addresses below its pages and has none there: it shows the 404 page (the server
    // cannot tell, so it leaves the status to the remote).
    expect(pageTitleKey('/admin/users')).toBe('common.notFoundTitle');
    expect(isPagePath('/admin/users')).toBe(true);
    expect(isPagePath('/generate-x')).toBe(false);
  });
});
