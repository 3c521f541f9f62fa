import 'server-only';

/** One calendar event (RFC 5545), e.g. a booked departure. */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  title: string;
  location: string;
  /** Where exactly (the meeting point), for calendars that put the event on a map. */
  geo?: { lat: number; lon: number };
  description: string;
  url: string;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Control characters other than line breaks and tab, which no iCalendar value may hold (RFC 5545 3.3.11). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Text values (RFC 5545 3.3.11) escape backslashes, semicolons and commas; every line break (CRLF, a lone LF or a
 * lone CR) becomes one `\n`, and other control characters are dropped: a raw CR or LF would end the content line.
 */
const escapeText = (value: string) =>
  value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Values that are not text (UID, URL) have no escapes: control characters, line breaks included, are dropped. */
const plain = (value: string) => value.replace(CONTROL, '').replace(/[\r\n]/g, '');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An iCalendar file with one event, times in UTC. */
export function calendarFile(event: CalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sopka//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${plain(event.uid)}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.geo ? [`GEO:${event.geo.lat};${event.geo.lon}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${plain(event.url)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
