import { describe, expect, it } from 'vitest';
import { approximateNetwork } from '../../http/client-address';
import { describeUserAgent } from './user-agent';

describe('a session’s origin, as its owner sees it', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome 131', system: 'Windows 10' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
      { browser: 'Firefox 133', system: 'macOS Sonoma' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 18', system: 'iOS' },
    ],
    ['', { browser: 'Unknown browser', system: 'Unknown system' }],
    ['curl/8.5.0', { browser: 'Unknown browser', system: 'Unknown system' }],
  ])('names %j', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });

  it('shows the network, never the address: an IPv4 /24, an IPv6 /48', () => {
    expect(approximateNetwork('203.0.113.57')).toBe('203.0.113.0/24');
    expect(approximateNetwork('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(approximateNetwork('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
  });
});
