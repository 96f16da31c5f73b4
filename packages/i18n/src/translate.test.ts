import { describe, expect, it } from 'vitest';
import { DOMAINS, loaders } from './catalog/index.ts';
import { interpolate } from './format.ts';
import { getLanguage, setLanguage } from './language.ts';
import { loadMessages, messagesLoaded } from './messages.ts';
import { translate } from './translate.ts';

describe('translate', () => {
  it('looks keys up per language once loaded and fills {name} placeholders', async () => {
    expect(translate('vi', 'common.navHome')).toBe('common.navHome');
    await loadMessages('en', ['common', 'landing']);
    expect(translate('vi', 'common.navHome')).toBe('Home');
    await loadMessages('vi', ['common']);
    expect(translate('en', 'common.navHome')).toBe('Home');
    expect(translate('vi', 'common.navHome')).toBe('Trang chủ');
    expect(translate('en', 'landing.creditsCount', { count: 5 })).toBe('5 credits');
  });

  it('loads only the language and domains asked for', async () => {
    await loadMessages('en', ['billing']);
    expect(messagesLoaded('en', ['billing'])).toBe(true);
    expect(messagesLoaded('vi', ['billing'])).toBe(false);
  });

  it('fetches the shown domains in the new language before switching', async () => {
    await loadMessages(getLanguage(), ['studio']);
    const next = getLanguage() === 'en' ? 'vi' : 'en';
    await setLanguage(next);
    expect(getLanguage()).toBe(next);
    expect(messagesLoaded(next, ['studio', 'billing'])).toBe(true);
  });

  it('leaves unknown placeholders visible', () => {
    expect(interpolate('Hi {name} {other}', { name: 'Ann' })).toBe('Hi Ann {other}');
  });

  it('picks the plural form and writes the number in the language', async () => {
    await loadMessages('en', ['adminManage', 'landing']);
    await loadMessages('vi', ['adminManage', 'landing']);
    expect(translate('en', 'adminManage.creditsUpdatedBody', { name: 'Ann', count: 1 })).toBe('Ann now has 1 credit.');
    expect(translate('en', 'adminManage.creditsUpdatedBody', { name: 'Ann', count: 1200 })).toBe('Ann now has 1,200 credits.');
    expect(translate('en', 'landing.creditsCount', { count: 0 })).toBe('0 credits');
    expect(translate('vi', 'landing.creditsCount', { count: 1200 })).toBe('1.200 credit');
    expect(translate('en', 'adminManage.usersShowing', { from: 1, to: 20, total: 1000 })).toBe('Showing 1 to 20 of 1,000 users');
  });

  it('shows the header balance as a plural with grouped digits', async () => {
    await loadMessages('en', ['common']);
    await loadMessages('vi', ['common']);
    expect(translate('en', 'common.creditsBadge', { count: 1 })).toBe('1 credit');
    expect(translate('en', 'common.creditsBadge', { count: 1234 })).toBe('1,234 credits');
    expect(translate('vi', 'common.creditsBadge', { count: 1234 })).toBe('1.234 credit');
  });

  it('has a non-empty Vietnamese text for every English key', async () => {
    for (const domain of DOMAINS) {
      // As the build ships them: plural messages are functions; one that renders blank fails here too.
      const text = (message: unknown) => (typeof message === 'function' ? message({ count: 2, total: 2, from: 1, to: 2 }) : message);
      const en: Record<string, unknown> = (await loaders[domain].en()).default;
      const vi: Record<string, unknown> = (await loaders[domain].vi()).default;
      for (const key of Object.keys(en)) {
        expect(text(vi[key])?.trim(), `${domain}.${key}`).toBeTruthy();
        expect(text(en[key])?.trim(), `${domain}.${key}`).toBeTruthy();
      }
      expect(Object.keys(vi).sort()).toEqual(Object.keys(en).sort());
    }
  });
});
