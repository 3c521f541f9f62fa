/**
 * CSV for spreadsheets: the exports (a departure's manifest, the guide's earnings). Separated by `;`, because
 * Excel opens a CSV with the list separator of the computer's regional settings, and in the Russian locale that
 * is `;` (the comma is the decimal mark there): a comma-separated file would open as one column. A UTF-8 byte
 * order mark makes Excel read the file as UTF-8 (without it, Cyrillic turns into mojibake); there is no `sep=`
 * line, since Excel then ignores the mark. Lines end in CRLF, as RFC 4180 says.
 */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return that some strip
 * first) gets a leading apostrophe: it shows as text and runs nothing (OWASP, "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoteCell(value: string): string {
  const safe = neutraliseCell(value);
  return /[";\r\n,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows (the first is the header) as a CSV text with the byte order mark. */
export function toCsv(rows: (string | number | null)[][]): string {
  return (
    CSV_BOM +
    rows.map((row) => row.map((cell) => quoteCell(String(cell ?? ''))).join(CSV_SEPARATOR)).join('\r\n') +
    '\r\n'
  );
}
