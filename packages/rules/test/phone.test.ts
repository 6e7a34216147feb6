import { countryCodeOf } from '@ledgerline/rules/countries';
import { displayPhone, examplePhone, formatPhoneAsTyped, phoneE164 } from '@ledgerline/rules/phone';
import { describe, expect, it } from 'vitest';

describe('phoneE164', () => {
  it('reads a number as written in the chosen country', () => {
    expect(phoneE164('07700 900123', 'GB')).toBe('+447700900123');
    expect(phoneE164('030 901820', 'DE')).toBe('+4930901820');
    expect(phoneE164('(555) 123-4567', 'US')).toBe('+15551234567');
    expect(phoneE164('555.123.4567', 'US')).toBe('+15551234567');
  });

  it('takes US numbers with or without +1', () => {
    expect(phoneE164('+1 (555) 123-4567', 'US')).toBe('+15551234567');
    expect(phoneE164('1 555 123 4567', 'US')).toBe('+15551234567');
  });

  it('takes any country’s number in international form, whatever the chosen country', () => {
    expect(phoneE164('+44 7700 900123', 'US')).toBe('+447700900123');
    expect(phoneE164('+44 7700 900123', 'GB')).toBe('+447700900123');
    // A territory with no numbering plan of its own: only the international form says whose it is.
    expect(phoneE164('+44 7700 900123', 'AQ')).toBe('+447700900123');
    expect(phoneE164('07700 900123', 'AQ')).toBeNull();
  });

  it('refuses what is not a number of the country', () => {
    expect(phoneE164('1', 'US')).toBeNull();
    expect(phoneE164('call me maybe', 'US')).toBeNull();
    expect(phoneE164('555 123', 'US')).toBeNull();
    expect(phoneE164('(555) 123-45678', 'US')).toBeNull();
    expect(phoneE164('+999 1234 5678', 'US')).toBeNull();
    expect(phoneE164('07700 900123 ext. 4', 'GB')).toBeNull();
    expect(phoneE164('', 'GB')).toBeNull();
  });
});

describe('displayPhone', () => {
  it('shows a number of the chosen country in its own format', () => {
    expect(displayPhone('+447700900123', 'GB')).toBe('07700 900123');
    expect(displayPhone('+15551234567', 'US')).toBe('(555) 123-4567');
  });

  it('shows another country’s number in international format', () => {
    expect(displayPhone('+447700900123', 'US')).toBe('+44 7700 900123');
    expect(displayPhone('+15551234567', 'GB')).toBe('+1 555 123 4567');
    expect(displayPhone('+447700900123', undefined)).toBe('+44 7700 900123');
  });

  it('reads numbers kept before E.164 as the US numbers they were', () => {
    expect(displayPhone('(555) 123-4567', 'US')).toBe('(555) 123-4567');
    expect(displayPhone('+1 (555) 987-6543', 'GB')).toBe('+1 555 987 6543');
    expect(displayPhone('not a number', 'US')).toBe('not a number');
  });
});

describe('formatPhoneAsTyped', () => {
  it('keeps the US format, +1 optional', () => {
    expect(formatPhoneAsTyped('5551234', 'US')).toBe('(555) 123-4');
    expect(formatPhoneAsTyped('5551234567', 'US')).toBe('(555) 123-4567');
    expect(formatPhoneAsTyped('+15551234567', 'US')).toBe('+1 (555) 123-4567');
    expect(formatPhoneAsTyped('555123456789', 'US')).toBe('(555) 123-4567');
  });

  it('groups digits as the chosen country writes them', () => {
    expect(formatPhoneAsTyped('07700900123', 'GB')).toBe('07700 900123');
    expect(formatPhoneAsTyped('+447700900123', 'GB')).toBe('+44 7700 900123');
  });

  it('never turns another country’s number into a US one', () => {
    expect(formatPhoneAsTyped('+447700900123', 'US')).toBe('+44 7700 900123');
    expect(formatPhoneAsTyped('+4', 'US')).toBe('+4');
    expect(formatPhoneAsTyped('+', 'US')).toBe('+');
  });

  it('drops digits beyond the fifteen a number can have', () => {
    expect(formatPhoneAsTyped('+4412345678901234567', 'GB').replace(/\D/g, '')).toHaveLength(15);
  });
});

describe('countryCodeOf', () => {
  it('finds a country by the name the list gives it', () => {
    expect(countryCodeOf('United Kingdom')).toBe('GB');
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
  });
});

describe('examplePhone', () => {
  it('writes an example number the way the country writes its numbers', () => {
    expect(examplePhone('GB')).toBe('07400 123456');
    expect(phoneE164(examplePhone('DE') ?? '', 'DE')).not.toBeNull();
    expect(examplePhone('AQ')).toBeUndefined();
  });
});
