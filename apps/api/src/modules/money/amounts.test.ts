import { describe, expect, it } from 'vitest';
import { formatUsdForPeople } from './amounts';
import { maskName } from './names';
import { newRef } from './refs';

describe('amounts', () => {
  it('formats cents for people', () => {
    expect(formatUsdForPeople(123_450)).toBe('$1,234.50');
    expect(formatUsdForPeople(100_000_000_000)).toBe('$1,000,000,000.00');
  });
});

describe('names and references', () => {
  it('masks names for other people', () => {
    expect(maskName('john doe')).toBe('j***n d***');
    expect(maskName('maria smith')).toBe('m***a s***h');
    expect(maskName('  al  ')).toBe('a***');
  });

  it('makes references that cannot be misread', () => {
    for (let index = 0; index < 200; index++) expect(newRef('DEP')).toMatch(/^DEP-[2-9A-HJ-NP-Z]{8}$/);
  });
});
