import { getLanguage, loadMessages } from '@app/i18n';
import { type ComponentType, lazy } from 'react';

/**
 * A component whose module downloads on its first render, together with the `adminManage` messages it
 * shows: both at once, not one after the other. Asking for them also makes a later language switch fetch
 * them first, as for every domain a page has asked for.
 */
export function lazySection(load: () => Promise<ComponentType>, withManageMessages = true) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), withManageMessages && loadMessages(getLanguage(), ['adminManage'])]);
    return { default: component };
  });
}
