import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from '../src/csv';

/** The cells of a CSV document as RFC 4180 reads them (quoted cells may hold commas, quotes, breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('csvCell', () => {
  it('quotes every cell, doubling the quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(12.5)).toBe('"12.5"');
  });

  it.each(['=', '+', '-', '@', ';', '\t', '\r'])(
    'writes text starting with %j as text, not a formula',
    (start) => {
      expect(csvCell(`${start}SUM(A1:A9)`)).toBe(`"'${start}SUM(A1:A9)"`);
    },
  );

  it('leaves a negative number a number', () => {
    expect(csvCell(-12.5)).toBe('"-12.5"');
  });
});

describe('csvDocument', () => {
  it('writes the header, then each row, every line ended by CRLF', () => {
    expect(
      csvDocument(
        ['a', 'b'],
        [
          ['1', null],
          [2, 'x,y'],
        ],
      ),
    ).toBe('"a","b"\r\n"1",""\r\n"2","x,y"\r\n');
  });

  it('reads back as the cells it was given, whatever the text (a formula aside)', () => {
    const text = fc.string({ unit: 'binary' }).filter((value) => !/^[=+\-@;\t\r]/.test(value));
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        expect(readCsv(csvDocument(['a', 'b'], rows))).toEqual([['a', 'b'], ...rows]);
      }),
    );
  });
});
