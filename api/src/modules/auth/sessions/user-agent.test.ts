import { describe, expect, it } from 'vitest';
import { describeClient } from './user-agent.ts';

describe('describeClient', () => {
  it('names browser, system and device the way a person reads them', () => {
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari 17', system: 'iOS', device: 'mobile' });
    expect(
      describeClient('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'),
    ).toEqual({ browser: 'Chrome 140', system: 'Windows 10', device: 'desktop' });
  });

  it('leaves what it cannot tell unknown', () => {
    expect(describeClient(null)).toEqual({ browser: null, system: null, device: 'other' });
    expect(describeClient('curl/8.5.0')).toMatchObject({ system: null, device: 'other' });
  });
});
