import { describe, expect, it } from 'vitest';
import { catalog } from './catalog/index.ts';
import { interpolate } from './format.ts';
import { translate } from './translate.ts';

describe('translate', () => {
  it('looks keys up per language and fills {name} placeholders', () => {
    expect(translate('en', 'common.navHome')).toBe('Home');
    expect(translate('vi', 'common.navHome')).toBe('Trang chủ');
    expect(translate('en', 'landing.creditsCount', { count: 5 })).toBe('5 credits');
  });

  it('leaves unknown placeholders visible', () => {
    expect(interpolate('Hi {name} {other}', { name: 'Ann' })).toBe('Hi Ann {other}');
  });

  it('has a non-empty Vietnamese text for every English key', () => {
    for (const [domain, messages] of Object.entries(catalog)) {
      const en = messages.en as Record<string, string>;
      const vi = messages.vi as Record<string, string>;
      for (const key of Object.keys(en)) {
        expect(vi[key]?.trim(), `${domain}.${key}`).toBeTruthy();
        expect(en[key]?.trim(), `${domain}.${key}`).toBeTruthy();
      }
    }
  });
});
