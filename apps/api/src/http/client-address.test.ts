import { describe, expect, it } from 'vitest';
import { clientOf } from './client-address';

describe('clientOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:198.51.100.9', '198.51.100.9'],
    ['::ffff:c633:6409', '198.51.100.9'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});
