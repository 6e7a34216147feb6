/**
 * One CSV writer for every export (the transaction history, the audit log), as RFC 4180 reads it:
 * every cell quoted (a quote inside doubled), CRLF after every line, the header first.
 *
 * A cell of text that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a
 * tab, a carriage return, or `;` where a locale separates cells with it) gets a leading `'`, so a
 * name, memo or reason typed by anyone opens as text. Numbers are written as they are: `-12.5` is a
 * number, not a formula.
 */

/** What may start a formula in a spreadsheet's cell. */
const formulaStart = /^[=+\-@;\t\r]/;

export type CsvValue = string | number | null | undefined;

/** One cell: quoted; text neutralised when it would start a formula; nothing for null. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : formulaStart.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The header line, then one line per row, each ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
