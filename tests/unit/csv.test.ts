import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from '@/lib/csv';

describe('the CSV exports', () => {
  it('starts with the UTF-8 byte order mark, separates by semicolons and ends lines in CRLF', () => {
    expect(
      toCsv([
        ['Имя', 'Взрослых'],
        ['Анна', 2],
      ]),
    ).toBe('\uFEFFИмя;Взрослых\r\nАнна;2\r\n');
  });

  it('quotes cells with separators, quotes and line breaks', () => {
    expect(toCsv([['a;b', 'say "hi"', 'two\nlines', 'x,y']])).toBe('\uFEFF"a;b";"say ""hi""";"two\nlines";"x,y"\r\n');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    for (const cell of ['=HYPERLINK("http://x")', '+7 914 111-22-33', '-2+3', '@SUM(A1)', '\t=1'])
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCell('Анна = Аня')).toBe('Анна = Аня');
    expect(toCsv([['=1+1']])).toBe("\uFEFF'=1+1\r\n");
  });
});
