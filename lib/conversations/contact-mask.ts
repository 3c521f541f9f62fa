/**
 * Contacts stay on the platform until a booking is confirmed: phone numbers, emails, messenger handles and links in
 * a message are replaced, for the other side, by `CONTACT_MARKER`, which the UI draws as a grey chip. Detection runs
 * on a copy of the text with full-width forms folded to ASCII one character for one, so every range found is a
 * range of the original.
 */

import { CONTACT_MARKER } from './masked-parts';

export { CONTACT_MARKER, maskedParts } from './masked-parts';

type Range = [start: number, end: number];

/** Full-width digits, letters and punctuation (ＡＢ１２＠．：) as ASCII, one character for one. */
function fold(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3002/g, '.');
}

const TLDS =
  'ru|com|net|org|me|io|su|рф|cn|info|biz|ly|gl|co|to|app|link|site|online|pro|de|uk|us|tv|cc|xyz|travel|ws|gg|im|page|dev|by|kz|ua|jp|kr';
const L = String.raw`[\p{L}\p{N}]`;

const LINK_PATTERNS = [
  /(?:https?:\/\/|www\.)[^\s<>"]+/giu,
  new RegExp(String.raw`(?<!${L}|[.@])(?:${L}(?:[\p{L}\p{N}-]*${L})?\.)+(?:${TLDS})(?!${L})(?:\/[^\s<>"]*)?`, 'giu'),
  // Short messenger links written with spaces: "t . me / ivan", "wa.me / 7914…", "vk . com/ivan".
  /(?<![\p{L}\p{N}])(?:t|wa|vk|ok)\s*[.·]\s*(?:me|com|ru|cc)\s*\/\s*[\p{L}\p{N}_+.-]+/giu,
];

const AT = String.raw`(?:\s*@\s*|\s*[([{]\s*(?:at|собака|собачка)\s*[)\]}]\s*|\s+(?:at|собака|собачка)\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[([{]\s*(?:dot|точка)\s*[)\]}]\s*|\s+(?:dot|точка)\s+)`;
const EMAIL_PATTERNS = [
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu,
  new RegExp(
    String.raw`[\p{L}\p{N}._%+-]{2,}${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*${DOT}(?:${TLDS})(?!${L})`,
    'giu',
  ),
];

/** A Telegram-style handle: "@ivan_petrov" (an "@" between spaces, as in "5 @ 10", is not one). */
const HANDLE = /(?<![\p{L}\p{N}@._-])@[A-Za-z][A-Za-z0-9_.]{2,}/gu;

const MESSENGERS =
  'telegram|телеграмм?|телег[аеиу]|тг|tg|whatsapp|whats app|ватсап[ае]?|вотсап[ае]?|ватцап[ае]?|viber|вайбер[ае]?|skype|скайп[ае]?|wechat|weixin|vx|wx|qq|instagram|insta|инстаграмм?[ае]?|инст[аеуы]|vk|вк|вконтакте|facebook|fb|kakao|line id';
/** A messenger named and then an id: "wechat: xyz", "тг ivan_p", "微信 xyz123", "vx：abc". */
const MESSENGER_ID = new RegExp(
  String.raw`(?<!${L})(?:${MESSENGERS})(?:\s*(?:id|ид|ник|nick)?\s*[:=—-]\s*|\s+(?:id|ид|ник|nick)\s+|\s+)([A-Za-z0-9_.-]{3,})`,
  'giu',
);
const CJK_MESSENGER_ID = /(?:微信号?|威信|薇信|v信|扣扣)\s*(?:号|ID|id)?\s*[:：]?\s*([A-Za-z0-9_.-]{3,})/gu;

function messengerIds(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(MESSENGER_ID)) {
    const id = match[1];
    const spaceOnly = /\s$/.test(match[0].slice(0, match[0].length - id.length)) && !/[:=—-]/.test(match[0]);
    const latinKeyword = /^[a-z ]+$/i.test(match[0].slice(0, match[0].length - id.length).trim());
    // "skype call" is an ordinary phrase: after a Latin name and a space only, an id needs a digit, "_" or ".".
    if (spaceOnly && latinKeyword && !/[\d_.]/.test(id)) continue;
    if (!/[A-Za-z0-9]/.test(id)) continue;
    const start = match.index + match[0].length - id.length;
    ranges.push([start, start + id.length]);
  }
  for (const match of text.matchAll(CJK_MESSENGER_ID)) {
    const start = match.index + match[0].length - match[1].length;
    ranges.push([start, start + match[1].length]);
  }
  return ranges;
}

function matches(text: string, patterns: RegExp[]): Range[] {
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m): Range => [m.index, m.index + m[0].length]));
}

// Number words, so that "восемь девять один четыре…" and "eight nine one four…" count as the digits they say.
const UNITS: Record<string, number> = {
  ноль: 0,
  нуль: 0,
  один: 1,
  одна: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const HUNDREDS: Record<string, number> = {
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
  шестьсот: 600,
  семьсот: 700,
  восемьсот: 800,
  девятьсот: 900,
};

const isNumberWord = (word: string) =>
  word in UNITS || word in TEENS || word in TENS || word in HUNDREDS || word === 'hundred';

/** The digits a run of number words says: "девятьсот четырнадцать" → "914", "forty five" → "45", "one two" → "12". */
function wordDigits(words: string[]): string {
  let out = '';
  let group: { h?: number; t?: number; u?: number; closed?: boolean } = {};
  const flush = () => {
    if (group.h === undefined && group.t === undefined && group.u === undefined) return;
    const value = (group.h ?? 0) + (group.t ?? 0) + (group.u ?? 0);
    out += group.h !== undefined ? String(value).padStart(3, '0') : String(value);
    group = {};
  };
  for (const word of words) {
    if (word === 'hundred') {
      if (group.u !== undefined && group.h === undefined && group.t === undefined) group = { h: group.u * 100 };
      continue;
    }
    if (word in HUNDREDS) {
      flush();
      group.h = HUNDREDS[word];
    } else if (word in TEENS) {
      if (group.t !== undefined || group.u !== undefined || group.closed) flush();
      group.t = TEENS[word];
      group.closed = true;
    } else if (word in TENS) {
      if (group.t !== undefined || group.u !== undefined || group.closed) flush();
      group.t = TENS[word];
    } else {
      if (group.u !== undefined || group.closed) flush();
      // "ноль" after a group starts a new digit; a unit after a bare ten completes it ("сорок пять").
      group.u = UNITS[word];
      if (group.t === undefined && group.h === undefined) flush();
    }
  }
  flush();
  return out;
}

interface NumberToken {
  start: number;
  end: number;
  digits: string;
  word: boolean;
}

/** Digits and number words, in order; dates ("12.12.2026", "12/12") and times ("10:30") are not phone digits. */
function numberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  const dates = new RegExp(
    String.raw`(?<!\d[./-]?)(?:(?:0?[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./](?:\d{4}|\d{2}))?|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2})(?![./:]?\d)`,
    'g',
  );
  const blocked = [...text.matchAll(dates)].map((m): Range => [m.index, m.index + m[0].length]);
  const inDate = (at: number) => blocked.some(([s, e]) => at >= s && at < e);
  let pendingWords: { start: number; end: number; word: string }[] = [];
  const flushWords = () => {
    if (pendingWords.length === 0) return;
    tokens.push({
      start: pendingWords[0].start,
      end: pendingWords.at(-1)!.end,
      digits: wordDigits(pendingWords.map((w) => w.word)),
      word: true,
    });
    pendingWords = [];
  };
  for (const match of text.matchAll(/\d+|[\p{L}]+/gu)) {
    const start = match.index;
    const end = start + match[0].length;
    const previousEnd = pendingWords.at(-1)?.end;
    if (/^\d/.test(match[0])) {
      flushWords();
      if (inDate(start)) tokens.push({ start, end, digits: '', word: false });
      else tokens.push({ start, end, digits: match[0], word: false });
      continue;
    }
    const word = match[0].toLowerCase().replace(/ё/g, 'е');
    if (isNumberWord(word)) {
      if (previousEnd !== undefined && !/^[\s,.-]*$/.test(text.slice(previousEnd, start))) flushWords();
      pendingWords.push({ start, end, word });
    } else {
      flushWords();
      tokens.push({ start, end, digits: '', word: true });
    }
  }
  flushWords();
  return tokens;
}

const SEPARATOR = /^[\s.\-–—()+/_,]*$/;
const CURRENCY_AFTER = /^\s*(?:₽|руб|р\.|р\b|rub|\$|€|¥|юан|yuan|usd|eur|тыс|k\b)/iu;

/** Whether a run of digit groups reads as a phone number rather than a price, a range or a count. */
function phoneLike(text: string, run: NumberToken[], after: string): boolean {
  const digits = run.map((t) => t.digits).join('');
  if (digits.length < 7 || digits.length > 15) return false;
  if (CURRENCY_AFTER.test(after)) return false;
  const written = text.slice(run[0].start, run.at(-1)!.end);
  // Thousands written with spaces, alone or as a range: "15 000 – 20 000", "1 500 000".
  const parts = written.split(/\s*[–—]\s*|\s+-\s+/);
  const thousands = /^\d{1,3}(?:[\s\u00a0\u202f]\d{3})+$|^\d{1,6}$/;
  if (parts.length <= 2 && parts.every((part) => thousands.test(part))) return false;
  if (digits.length >= 10) return true;
  if (run.some((t) => t.word)) return true;
  if (run.length === 1) return true;
  // 7–9 digits: only the local form "123-45-67" / "2 45 67 89".
  return /\d{2}[\s.-]\d{2}$/.test(written) && run.length >= 3;
}

function phoneNumbers(text: string): Range[] {
  const tokens = numberTokens(text);
  const ranges: Range[] = [];
  let run: NumberToken[] = [];
  const close = (nextStart: number) => {
    if (run.length && phoneLike(text, run, text.slice(run.at(-1)!.end, nextStart + 8))) {
      const start = run[0].start;
      const plus = /\+\s*$/.exec(text.slice(Math.max(0, start - 3), start));
      ranges.push([plus ? start - plus[0].length : start, run.at(-1)!.end]);
    }
    run = [];
  };
  for (const token of tokens) {
    if (token.digits === '') {
      close(token.start);
      continue;
    }
    const previous = run.at(-1);
    const gap = previous ? text.slice(previous.end, token.start) : '';
    // A comma joins only dictated words ("восемь, девять, …"), never figures ("ул. Светланская, 45").
    if (previous && (!SEPARATOR.test(gap) || (gap.includes(',') && !(previous.word && token.word)))) close(token.start);
    run.push(token);
  }
  close(text.length);
  return ranges;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([...range]);
  }
  return out;
}

/** The ranges of `text` that are contacts. */
export function findContacts(text: string): Range[] {
  const folded = fold(text);
  return merge([
    ...matches(folded, EMAIL_PATTERNS),
    ...matches(folded, LINK_PATTERNS),
    ...matches(folded, [HANDLE]),
    ...messengerIds(folded),
    ...phoneNumbers(folded),
  ]);
}

/** The text with every contact replaced by `CONTACT_MARKER`, and whether anything was. */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const ranges = findContacts(text);
  if (ranges.length === 0) return { text, masked: false };
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + CONTACT_MARKER;
    at = end;
  }
  return { text: out + text.slice(at), masked: true };
}
