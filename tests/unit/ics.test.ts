import { describe, expect, it } from 'vitest';
import { calendarFile } from '@/lib/server/mail/ics';

const event = {
  uid: 'booking-AbC@sopka.travel',
  start: new Date('2026-12-01T01:30:00Z'),
  end: new Date('2026-12-01T04:00:00Z'),
  title: 'Маяк Токаревского; закат, чай\\кофе',
  location: 'Владивосток, Эгершельд',
  description: 'Первая строка\nвторая',
  url: 'https://sopka.example/go/AbC',
};

/** Unfolds continuation lines (CRLF + space), as a calendar reader does. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('the .ics of a booking', () => {
  it('holds one event in UTC with CRLF line ends', () => {
    const text = calendarFile(event, new Date('2026-11-26T00:00:00Z'));
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART:20261201T013000Z\r\n');
    expect(text).toContain('DTEND:20261201T040000Z\r\n');
    expect(text).toContain('DTSTAMP:20261126T000000Z\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes text values and folds long lines without splitting a character', () => {
    const text = calendarFile({ ...event, title: `${event.title} ${'очень длинное название '.repeat(5)}` });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain('\uFFFD');
    const unfolded = unfold(text);
    expect(unfolded).toContain('SUMMARY:Маяк Токаревского\\; закат\\, чай\\\\кофе очень длинное');
    expect(unfolded).toContain('LOCATION:Владивосток\\, Эгершельд\r\n');
    expect(unfolded).toContain('DESCRIPTION:Первая строка\\nвторая\r\n');
  });

  it('turns every line break into one \\n: CRLF, a lone LF and a lone CR, and still folds', () => {
    const text = calendarFile({
      ...event,
      title: 'Маяк\rзакат',
      location: 'Эгершельд\r\nмаяк\u0007',
      description: `один\rдва\r\nтри\nчетыре\r\r${' длинная строка описания'.repeat(8)}`,
    });
    // The only CR and LF left are the CRLF line ends: no line can end early, none is injected.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).not.toContain('\u0007');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = unfold(text);
    expect(unfolded).toContain('SUMMARY:Маяк\\nзакат\r\n');
    expect(unfolded).toContain('LOCATION:Эгершельд\\nмаяк\r\n');
    expect(unfolded).toContain('DESCRIPTION:один\\nдва\\nтри\\nчетыре\\n\\n длинная строка описания');
  });

  it('keeps line breaks out of the values that are not text (UID, URL)', () => {
    const text = calendarFile({
      ...event,
      uid: 'booking-AbC\r\nATTENDEE:mailto:x@example.com',
      url: 'https://a.example/\rx',
    });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(unfold(text)).toContain('URL:https://a.example/x\r\n');
  });

  it('places the event at the meeting point: GEO with its coordinates, only when it has them', () => {
    const text = calendarFile({ ...event, geo: { lat: 43.0759, lon: 131.8465 } });
    expect(text).toContain('GEO:43.0759;131.8465\r\n');
    expect(calendarFile(event)).not.toContain('GEO:');
  });
});
