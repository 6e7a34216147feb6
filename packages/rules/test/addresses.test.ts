import {
  addressProblem,
  checksummedEvmAddress,
  isEvmNetwork,
  segwitAddressFlaw,
  walletAddressProblem,
} from '@ledgerline/rules/addresses';
import { coinNetworks, type Network } from '@ledgerline/rules/coins';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const base58check = createBase58check(sha256);

function base58Address(version: number, payload: Uint8Array): string {
  return base58check.encode(Uint8Array.of(version, ...payload));
}

function segwitAddress(prefix: string, version: number, program: Uint8Array, encoding = bech32): string {
  return encoding.encode(prefix, [version, ...bech32.toWords(program)]);
}

/** The mixed-case checksum of 0x addresses, written out again for the generated addresses (checked below on known ones). */
function eip55(lowerHex: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  const digits = [...lowerHex].map((digit, index) => {
    const byte = hash[index >> 1] ?? 0;
    return (index % 2 === 0 ? byte >> 4 : byte & 15) >= 8 ? digit.toUpperCase() : digit;
  });
  return `0x${digits.join('')}`;
}

const bytes = (length: number, fill = 0x11) => new Uint8Array(length).fill(fill);

describe('coinNetworks', () => {
  it('names the networks each coin is sent on', () => {
    expect(coinNetworks.bitcoin).toEqual(['BTC']);
    expect(coinNetworks.ethereum).toEqual(['ETH']);
    expect(coinNetworks.usdt).toEqual(['usdt-trc20', 'usdt-bsc', 'usdt-erc20']);
  });
});

describe('Bitcoin addresses', () => {
  it.each([
    // Base58check P2PKH and P2SH.
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    // Witness version 0, bech32.
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    // Witness version 1 (taproot) and later versions, bech32m.
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    'BC1SW50QGDZ25J',
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  ])('accepts %s', (address) => {
    expect(addressProblem('BTC', address)).toBeNull();
  });

  it.each([
    ['a changed character', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['a changed character', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz'],
    ['a changed character', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp'],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['mixed case', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8f3t4'],
    ['too short', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNV'],
    ['empty', ''],
    ['a leading space', ' 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['a trailing space', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq '],
    ['a space inside', 'bc1qar0srrr7xfkvy5l643 lydnw9re59gtzzwf5mdq'],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a Tron address', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9'],
    // Published invalid addresses, one fault each.
    ['bech32 for v1', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['bech32m for v0', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['bech32 for v3', 'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2'],
    ['a 1-byte program', 'bc1rw5uspcuh'],
    ['a 16-byte v0 program', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['no data', 'bc1gmk9yu'],
    // The same faults, built here so that each is the only one.
    ['bech32m for v0', segwitAddress('bc', 0, bytes(20), bech32m)],
    ['bech32 for v1', segwitAddress('bc', 1, bytes(32), bech32)],
    ['witness version 17', segwitAddress('bc', 17, bytes(32), bech32m)],
    ['a 1-byte v1 program', segwitAddress('bc', 1, bytes(1), bech32m)],
    ['a 41-byte v1 program', segwitAddress('bc', 1, bytes(41), bech32m)],
    ['a 21-byte v0 program', segwitAddress('bc', 0, bytes(21), bech32)],
    ['another prefix', segwitAddress('ltc', 0, bytes(20), bech32)],
    ['a base58 payload of 20 bytes', base58Address(0x00, bytes(19))],
    ['a base58 payload of 22 bytes', base58Address(0x00, bytes(21))],
    ['an unknown version byte', base58Address(0x30, bytes(20))],
  ])('refuses %s: %s', (_fault, address) => {
    expect(addressProblem('BTC', address)).toBe('address is not a valid Bitcoin address');
  });

  it.each([
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
    segwitAddress('bcrt', 0, bytes(20)),
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
    base58Address(0xc4, bytes(20)),
  ])('refuses the testnet address %s, saying so', (address) => {
    expect(addressProblem('BTC', address)).toBe('address is a testnet address, not a valid Bitcoin address');
  });
});

describe('segwitAddressFlaw', () => {
  it.each([
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    segwitAddress('bc', 0, bytes(32)),
    segwitAddress('bc', 16, bytes(2), bech32m),
  ])('accepts the mainnet address %s', (address) => {
    expect(segwitAddressFlaw(address)).toBeNull();
  });

  it.each([
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    segwitAddress('bcrt', 0, bytes(20)),
    segwitAddress('tb', 1, bytes(32), bech32m),
  ])('says %s is a testnet address', (address) => {
    expect(segwitAddressFlaw(address)).toBe('testnet');
  });

  it.each([
    ['the last character changed', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['a character changed inside', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'.replace('zarv', 'zarw')],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['half of it', 'bc1qw508d6qejxtdg4y5r3z'],
    ['bech32m for v0', segwitAddress('bc', 0, bytes(20), bech32m)],
    ['bech32 for v1', segwitAddress('bc', 1, bytes(32), bech32)],
    ['witness version 17', segwitAddress('bc', 17, bytes(32), bech32m)],
    ['a 21-byte v0 program', segwitAddress('bc', 0, bytes(21), bech32)],
    ['a 41-byte v1 program', segwitAddress('bc', 1, bytes(41), bech32m)],
    ['another network', segwitAddress('ltc', 0, bytes(20), bech32)],
    ['a prefix that only starts like bc1', segwitAddress('bc1x', 0, bytes(20), bech32)],
    ['more than 90 characters', `bc1${'q'.repeat(88)}`],
    ['a base58 address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['empty', ''],
  ])('refuses %s: %s', (_fault, address) => {
    expect(segwitAddressFlaw(address)).toBe('invalid');
  });
});

describe('Ethereum and BNB Smart Chain addresses', () => {
  const evmNetworks: Network[] = ['ETH', 'usdt-bsc', 'usdt-erc20'];

  it.each([
    // Checksummed: mixed case, and the letters all upper case or all lower case.
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    // Without a checksum, in either case.
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
  ])('accepts %s on every EVM network', (address) => {
    for (const network of evmNetworks) expect(addressProblem(network, address)).toBeNull();
  });

  it('checks the checksum helper of these tests against known checksummed addresses', () => {
    expect(eip55('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(eip55('fb6916095ca1df60bb79ce92ce3ea74c37c5d359')).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
  });

  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BEAed',
    '0xFb6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  ])('refuses %s, whose capital letters do not match its checksum', (address) => {
    expect(addressProblem('ETH', address)).toBe(
      'address is not a valid Ethereum address (check its capital letters)',
    );
    expect(addressProblem('usdt-bsc', address)).toBe(
      'address is not a valid USDT (BEP-20) address (check its capital letters)',
    );
  });

  it.each([
    ['too short', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea'],
    ['too long', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0'],
    ['no 0x', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['0X', '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['a letter that is not hex', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['empty', ''],
    ['a leading space', ' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['a trailing newline', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\n'],
    ['a Bitcoin address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['a Tron address', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9'],
  ])('refuses %s: %j', (_fault, address) => {
    expect(addressProblem('ETH', address)).toBe('address is not a valid Ethereum address');
    expect(addressProblem('usdt-erc20', address)).toBe('address is not a valid USDT (ERC-20) address');
  });
});

describe('checksummedEvmAddress', () => {
  // The checksummed addresses that define EIP-55: all capitals, all lower case, and mixed.
  const vectors = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors)('writes %s in its checksummed form, whatever case it is given in', (checksummed) => {
    const digits = checksummed.slice(2);
    expect(checksummedEvmAddress(checksummed)).toBe(checksummed);
    expect(checksummedEvmAddress(`0x${digits.toLowerCase()}`)).toBe(checksummed);
    expect(checksummedEvmAddress(`0x${digits.toUpperCase()}`)).toBe(checksummed);
  });

  it('agrees with the checksum helper of these tests on any address, and its form is accepted', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const lower = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
        const checksummed = checksummedEvmAddress(`0x${upper ? lower.toUpperCase() : lower}`);
        expect(checksummed).toBe(eip55(lower));
        expect(addressProblem('ETH', checksummed ?? '')).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['no 0x', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['0X', '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['too short', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea'],
    ['not hex', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['a Bitcoin address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ])('gives no form for %s', (_fault, address) => {
    expect(checksummedEvmAddress(address)).toBeNull();
  });

  it('applies to the networks with Ethereum’s addresses only', () => {
    expect(
      ['BTC', 'ETH', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20'].filter((network) =>
        isEvmNetwork(network as Network),
      ),
    ).toEqual(['ETH', 'usdt-bsc', 'usdt-erc20']);
  });
});

describe('Tron addresses', () => {
  it.each([
    'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
    // The USDT contract on Tron.
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    base58Address(0x41, bytes(20, 0)),
    base58Address(0x41, bytes(20, 0xff)),
  ])('accepts %s', (address) => {
    expect(addressProblem('usdt-trc20', address)).toBeNull();
  });

  it.each([
    ['a changed character', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8'],
    ['a changed case', 'tN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9'],
    ['too short', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m'],
    ['empty', ''],
    ['a trailing space', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9 '],
    ['another version byte', base58Address(0xa0, bytes(20))],
    ['a payload of 21 bytes after the version', base58Address(0x41, bytes(21))],
    ['a Bitcoin address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
  ])('refuses %s: %s', (_fault, address) => {
    expect(addressProblem('usdt-trc20', address)).toBe('address is not a valid USDT (TRC-20) address');
  });
});

describe('walletAddressProblem', () => {
  it('accepts an address of any of the coin’s networks', () => {
    expect(walletAddressProblem('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeNull();
    expect(walletAddressProblem('ethereum', '0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
    expect(walletAddressProblem('usdt', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBeNull();
    expect(walletAddressProblem('usdt', '0x52908400098527886E0F7030069857D2E4169EE7')).toBeNull();
  });

  it('refuses an address of another coin, naming the coin', () => {
    expect(walletAddressProblem('bitcoin', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(
      'address is not a valid Bitcoin address',
    );
    expect(walletAddressProblem('ethereum', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(
      'address is not a valid Ethereum address',
    );
    expect(walletAddressProblem('usdt', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(
      'address is not a valid USDT (TRC-20, BEP-20 or ERC-20) address',
    );
  });

  it('says what is wrong when it can tell', () => {
    expect(walletAddressProblem('usdt', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(
      'address is not a valid USDT (TRC-20, BEP-20 or ERC-20) address (check its capital letters)',
    );
    expect(walletAddressProblem('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(
      'address is a testnet address, not a valid Bitcoin address',
    );
  });
});

describe('one changed character', () => {
  const twentyBytes = fc.uint8Array({ minLength: 20, maxLength: 20 });
  const thirtyTwoBytes = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const hex = (data: Uint8Array) => [...data].map((byte) => byte.toString(16).padStart(2, '0')).join('');

  /** Valid addresses of every kind, made from random keys and hashes. */
  const validAddress: fc.Arbitrary<{ network: Network; address: string }> = fc.oneof(
    fc
      .tuple(fc.constantFrom(0x00, 0x05), twentyBytes)
      .map(([version, hash]) => ({ network: 'BTC' as const, address: base58Address(version, hash) })),
    fc.tuple(fc.oneof(twentyBytes, thirtyTwoBytes), fc.boolean()).map(([program, upper]) => {
      const address = segwitAddress('bc', 0, program);
      return { network: 'BTC' as const, address: upper ? address.toUpperCase() : address };
    }),
    thirtyTwoBytes.map((key) => ({ network: 'BTC' as const, address: segwitAddress('bc', 1, key, bech32m) })),
    twentyBytes.map((hash) => ({ network: 'usdt-trc20' as const, address: base58Address(0x41, hash) })),
    fc
      .tuple(
        fc.constantFrom<Network>('ETH', 'usdt-bsc', 'usdt-erc20'),
        twentyBytes,
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([network, hash, form]) => {
        const lower = hex(hash);
        const address = [eip55(lower), `0x${lower}`, `0x${lower.toUpperCase()}`][form] ?? '';
        return { network, address };
      }),
  );

  const replacement = fc.constantFrom(
    ...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ -_.é',
  );

  const changeOne = (address: string, position: number, character: string) => {
    const index = position % address.length;
    fc.pre(address[index] !== character);
    return `${address.slice(0, index)}${character}${address.slice(index + 1)}`;
  };

  it('makes a valid address invalid', () => {
    fc.assert(
      fc.property(validAddress, fc.nat(), replacement, ({ network, address }, position, character) => {
        expect(addressProblem(network, address)).toBeNull();
        const changed = changeOne(address, position, character);
        const evm = network !== 'BTC' && network !== 'usdt-trc20';
        if (!evm) {
          expect(addressProblem(network, changed)).not.toBeNull();
          return;
        }
        // Hex in one case carries no checksum, so another digit there is another valid address:
        // the checksum is in the case of the letters, and the change is refused exactly when it breaks it.
        const digits = changed.slice(2);
        const accepted =
          /^0x[0-9a-fA-F]{40}$/.test(changed) &&
          (digits === digits.toLowerCase() ||
            digits === digits.toUpperCase() ||
            changed === eip55(digits.toLowerCase()));
        expect(addressProblem(network, changed) === null).toBe(accepted);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a checksummed address with any one letter in the other case', () => {
    fc.assert(
      fc.property(twentyBytes, fc.nat(), (hash, position) => {
        const address = eip55(hex(hash));
        const letters = [...address].flatMap((digit, index) => (/[a-fA-F]/.test(digit) ? [index] : []));
        fc.pre(letters.length > 0);
        const index = letters[position % letters.length] ?? 0;
        const digit = address.charAt(index);
        const flipped = digit === digit.toUpperCase() ? digit.toLowerCase() : digit.toUpperCase();
        const changed = changeOne(address, index, flipped);
        const digits = changed.slice(2);
        // Unless that leaves one case throughout: no checksum at all, which is accepted.
        const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
        expect(addressProblem('ETH', changed)).toBe(
          oneCase ? null : 'address is not a valid Ethereum address (check its capital letters)',
        );
      }),
      { numRuns: 500 },
    );
  });
});

// Moved from the server's tests when its own names for these checks went: the words it answers with.
describe('the words the server answers with', () => {
  it('say what is wrong with an address', () => {
    const someNetworks: Network[] = [...coinNetworks.bitcoin, ...coinNetworks.usdt];
    expect(someNetworks).toEqual(['BTC', 'usdt-trc20', 'usdt-bsc', 'usdt-erc20']);
    expect(addressProblem('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(addressProblem('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(
      'address is not a valid Bitcoin address',
    );
    expect(addressProblem('usdt-trc20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8')).toBe(
      'address is not a valid USDT (TRC-20) address',
    );
    expect(addressProblem('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(
      'address is not a valid Ethereum address (check its capital letters)',
    );
    expect(walletAddressProblem('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(
      'address is a testnet address, not a valid Bitcoin address',
    );
  });
});
