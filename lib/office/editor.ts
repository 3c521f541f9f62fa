import { DEFAULT_SLOT_STEP_MINUTES, minuteOf, windowsOverlap, type IdeaFormat } from '@/lib/bookings/private-slots';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaTexts, LocalizedTexts, PatchIdeaBody } from '@/lib/contract/own-ideas';
import type { CancellationPolicy } from '@/lib/bookings/cancellation';
import { MAX_RESPONSE_HOURS, MIN_RESPONSE_HOURS } from '@/lib/bookings/states';
import { localDateTime, localDay, localTime } from '@/lib/time/local-time';

export const SPOKEN = ['ru', 'en', 'zh'] as const;
export type Spoken = (typeof SPOKEN)[number];
export const CURRENCIES = ['RUB', 'CNY', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface DateRow {
  /** Stable key for React lists (the row's id, or a fresh one for a new row). */
  key: string;
  id?: number;
  /** Local day `YYYY-MM-DD` and time `HH:MM` in Vladivostok. */
  day: string;
  time: string;
  seats: string;
  /** Seats already booked: the row cannot go below this, nor be removed while above zero. */
  booked: number;
}

export interface StepRow {
  key: string;
  title: LocalizedTexts;
  description: LocalizedTexts;
  duration: string;
}

export interface PhotoItem {
  id: number;
  url: string;
}

export interface EditorForm {
  title: LocalizedTexts;
  description: LocalizedTexts;
  categoryId: string;
  place: { id: number; title: string } | null;
  typeId: string;
  languages: Spoken[];
  duration: string;
  price: string;
  currency: Currency;
  childPrice: string;
  minPersons: string;
  maxPersons: string;
  childrenAllowed: boolean;
  dates: DateRow[];
  steps: StepRow[];
  photos: PhotoItem[];
  coverId: number | null;
  /** '' until the author chooses one (drafts). */
  policy: CancellationPolicy | '';
  /** Booked at once, or on request: the guide answers within `responseHours`. */
  bookingMode: 'instant' | 'request';
  responseHours: string;
  meetingPoint: LocalizedTexts;
  meetingLat: string;
  meetingLon: string;
  /** A private idea (lib/bookings/private-slots.ts): its weekly windows, days off and the step between starts. */
  format: IdeaFormat;
  slotStep: number;
  windows: WindowRow[];
  blockedDays: string[];
}

/** A weekly window of a private idea, local `HH:MM`. */
export interface WindowRow {
  key: string;
  weekday: number;
  start: string;
  end: string;
}

/** A new idea's response time, as the ideas table's default. */
const DEFAULT_RESPONSE_HOURS = 24;

const emptyTexts = (): LocalizedTexts => ({ ru: '', en: '', zh: '' });
let counter = 0;
export const newKey = (prefix = 'new') => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** `YYYY-MM-DD` and `HH:MM` of an instant in Vladivostok, where departures are entered. */
export function localParts(iso: string): { day: string; time: string } {
  const instant = new Date(iso);
  return { day: localDay(instant), time: localTime(instant) };
}

/** The instant of a Vladivostok day and time, as the API wants it. */
export const startsAt = (day: string, time: string) => localDateTime(day, time || '10:00');

/** The editor's form from the idea (with its detail includes) and its texts in every language. */
export function formFromIdea(idea: IdeaResource, texts: IdeaTexts): EditorForm {
  const a = idea.attributes;
  const r = idea.relationships;
  const photos = (r.photos?.data ?? []).map((p) => ({ id: p.id, url: p.attributes.cover_url }));
  const cover = photos.find((p) => p.url === a.cover_url) ?? null;
  const currency = r.ideaPrice?.data.currency ?? r.price?.data.currency ?? 'RUB';
  return {
    title: { ...emptyTexts(), ...texts.title },
    description: { ...emptyTexts(), ...texts.description },
    categoryId: numberText(a.category_id),
    place: a.place_id ? { id: a.place_id, title: a.place_title || String(a.place_id) } : null,
    typeId: String(a.idea_type_id),
    languages: a.languages.filter((l): l is Spoken => (SPOKEN as readonly string[]).includes(l)),
    duration: numberText(a.duration_minutes),
    price: numberText(r.ideaPrice?.data.amount ?? r.price?.data.amount),
    currency: (CURRENCIES as readonly string[]).includes(currency) ? (currency as Currency) : 'RUB',
    childPrice: numberText(r.ideaPrice?.data.child_amount),
    minPersons: String(r.bookingParams?.data.min_persons ?? 1),
    maxPersons: String(r.bookingParams?.data.max_persons ?? 10),
    childrenAllowed: r.bookingParams?.data.children_allowed ?? true,
    dates: (r.futureDates?.data ?? []).map((d) => ({
      key: `date-${d.id}`,
      id: d.id,
      ...localParts(d.attributes.starts_at),
      seats: String(d.attributes.seats_total),
      booked: d.attributes.seats_total - d.attributes.seats_left,
    })),
    steps: texts.itinerary.map((step, index) => ({
      key: `step-${index}`,
      title: { ...emptyTexts(), ...step.title },
      description: { ...emptyTexts(), ...step.description },
      duration: numberText(step.duration_minutes),
    })),
    photos,
    coverId: cover?.id ?? photos[0]?.id ?? null,
    policy: a.cancellation_policy ?? '',
    bookingMode: a.booking_mode ?? 'instant',
    responseHours: String(a.response_hours ?? DEFAULT_RESPONSE_HOURS),
    meetingPoint: { ...emptyTexts(), ...texts.meeting_point },
    meetingLat: numberText(a.meeting_point?.lat),
    meetingLon: numberText(a.meeting_point?.lon),
    format: a.format ?? 'group',
    slotStep: a.private?.slot_step_minutes ?? DEFAULT_SLOT_STEP_MINUTES,
    windows: (a.private?.availability ?? []).map((w, index) => ({ key: `window-${index}`, ...w })),
    blockedDays: a.private?.blocked_days ?? [],
  };
}

/** The type a new idea starts with: the ideas table's default (lib/server/db/schema/ideas.ts), "Trip idea". */
export const DEFAULT_IDEA_TYPE_ID = 4;

/** The form of an idea not created yet: what formFromIdea gives for a new draft, so nothing typed is "unsaved". */
export function blankForm(): EditorForm {
  return {
    title: emptyTexts(),
    description: emptyTexts(),
    categoryId: '',
    place: null,
    typeId: String(DEFAULT_IDEA_TYPE_ID),
    languages: [],
    duration: '',
    price: '',
    currency: 'RUB',
    childPrice: '',
    minPersons: '1',
    maxPersons: '10',
    childrenAllowed: true,
    dates: [],
    steps: [],
    photos: [],
    coverId: null,
    policy: '',
    bookingMode: 'instant',
    responseHours: String(DEFAULT_RESPONSE_HOURS),
    meetingPoint: emptyTexts(),
    meetingLat: '',
    meetingLon: '',
    format: 'group',
    slotStep: DEFAULT_SLOT_STEP_MINUTES,
    windows: [],
    blockedDays: [],
  };
}

const intOrNull = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.round(value) : NaN;
};

const numberOrNull = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** The meeting point's typed coordinates as a position on the map, or null while either is missing or out of range. */
export function meetingPosition(
  form: Pick<EditorForm, 'meetingLat' | 'meetingLon'>,
): { lat: number; lon: number } | null {
  const lat = numberOrNull(form.meetingLat);
  const lon = numberOrNull(form.meetingLon);
  if (lat === null || lon === null || !(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180)) return null;
  return { lat, lon };
}

/** Only the languages that have text; Russian is always sent (it is required). */
function texts(value: LocalizedTexts): LocalizedTexts | Partial<LocalizedTexts> {
  const out: Partial<LocalizedTexts> = { ru: value.ru.trim() };
  if (value.en.trim()) out.en = value.en.trim();
  if (value.zh.trim()) out.zh = value.zh.trim();
  return out;
}

/** The PATCH body for the whole form; lists (dates, steps, photos) are replaced whole by the API. */
export function patchBodyOf(form: EditorForm): PatchIdeaBody {
  const persons = (text: string, fallback: number) => intOrNull(text) ?? fallback;
  return {
    title: texts(form.title),
    description: texts(form.description),
    category_id: intOrNull(form.categoryId),
    place_id: form.place?.id ?? null,
    ...(form.typeId ? { idea_type_id: Number(form.typeId) } : {}),
    languages: form.languages,
    duration_minutes: intOrNull(form.duration),
    price: intOrNull(form.price),
    currency: form.currency,
    child_price: intOrNull(form.childPrice),
    min_persons: persons(form.minPersons, 1),
    max_persons: persons(form.maxPersons, 10),
    children_allowed: form.childrenAllowed,
    dates: form.dates
      .filter((d) => d.day)
      .map((d) => ({
        ...(d.id ? { id: d.id } : {}),
        starts_at: startsAt(d.day, d.time),
        seats_total: persons(d.seats, 1),
      })),
    itinerary: form.steps.map((s) => ({
      title: texts(s.title),
      description: texts(s.description),
      duration_minutes: intOrNull(s.duration),
    })),
    photo_ids: form.photos.map((p) => p.id),
    ...(form.coverId && form.photos.some((p) => p.id === form.coverId) ? { cover_photo_id: form.coverId } : {}),
    ...(form.policy ? { cancellation_policy: form.policy } : {}),
    booking_mode: form.bookingMode,
    response_hours: persons(form.responseHours, DEFAULT_RESPONSE_HOURS),
    meeting_point: texts(form.meetingPoint),
    meeting_lat: numberOrNull(form.meetingLat),
    meeting_lon: numberOrNull(form.meetingLon),
    format: form.format,
    ...(form.format === 'private'
      ? {
          slot_step_minutes: form.slotStep,
          availability: form.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
          blocked_days: form.blockedDays,
        }
      : {}),
  } as PatchIdeaBody;
}

/** Whether the form differs from what was loaded (or last saved). */
export const isDirty = (form: EditorForm, saved: EditorForm) =>
  JSON.stringify(patchBodyOf(form)) !== JSON.stringify(patchBodyOf(saved));

export type MissingItem =
  'title' | 'description' | 'category' | 'place' | 'price' | 'dates' | 'photos' | 'policy' | 'meetingPoint';

const hasFutureDate = (form: EditorForm, now: Date) =>
  form.dates.some((d) => d.day && new Date(startsAt(d.day, d.time)).getTime() > now.getTime());

/** What the idea still lacks before it can go to moderation (the API checks the same on submit). */
export function missingForSubmission(form: EditorForm, now = new Date()): MissingItem[] {
  const missing: MissingItem[] = [];
  if (!form.title.ru.trim()) missing.push('title');
  if (!form.description.ru.trim()) missing.push('description');
  if (!form.categoryId) missing.push('category');
  if (!form.place) missing.push('place');
  if (intOrNull(form.price) === null || Number.isNaN(intOrNull(form.price))) missing.push('price');
  if (form.format === 'private' ? form.windows.length === 0 : !hasFutureDate(form, now)) missing.push('dates');
  if (form.photos.length === 0) missing.push('photos');
  if (!form.policy) missing.push('policy');
  if (!form.meetingPoint.ru.trim()) missing.push('meetingPoint');
  return missing;
}

/** API field names of a submit 422 → the editor's checklist items. */
const FIELD_TO_ITEM: Record<string, MissingItem> = {
  title: 'title',
  description: 'description',
  category_id: 'category',
  place_id: 'place',
  price: 'price',
  dates: 'dates',
  availability: 'dates',
  photo_ids: 'photos',
  cancellation_policy: 'policy',
  meeting_point: 'meetingPoint',
};
export const missingFromErrors = (errors: Record<string, string[]>): MissingItem[] =>
  Object.keys(errors).flatMap((field) => (FIELD_TO_ITEM[field] ? [FIELD_TO_ITEM[field]] : []));

/** A new departure a week after the last one (or a week from today), at the same time. */
export function addDate(dates: readonly DateRow[], now = new Date()): DateRow[] {
  const last = dates.at(-1);
  const base = last?.day
    ? new Date(`${last.day}T00:00:00Z`)
    : new Date(localParts(now.toISOString()).day + 'T00:00:00Z');
  const day = new Date(base.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  return [...dates, { key: newKey('date'), day, time: last?.time ?? '10:00', seats: last?.seats ?? '10', booked: 0 }];
}

export const addStep = (steps: readonly StepRow[]): StepRow[] => [
  ...steps,
  { key: newKey('step'), title: emptyTexts(), description: emptyTexts(), duration: '' },
];

/** The earliest day a new departure may take (tomorrow in Vladivostok). */
export const minDay = (now = new Date()) => localParts(new Date(now.getTime() + 86_400_000).toISOString()).day;

export type FormProblem =
  | 'number'
  | 'persons'
  | 'seats'
  | 'booked'
  | 'latitude'
  | 'longitude'
  | 'coordinates'
  | 'emptyStep'
  | 'responseHours'
  | 'window'
  | 'windows';

const windowRange = (w: WindowRow) => ({
  weekday: w.weekday,
  start: minuteOf(w.start) ?? 0,
  end: minuteOf(w.end) ?? 0,
});

/** A new weekly window: the day after the last one's, at the same hours (Monday 10:00–18:00 first). */
export function addWindow(windows: readonly WindowRow[]): WindowRow[] {
  const last = windows.at(-1);
  return [
    ...windows,
    {
      key: newKey('window'),
      weekday: last ? (last.weekday % 7) + 1 : 1,
      start: last?.start ?? '10:00',
      end: last?.end ?? '18:00',
    },
  ];
}

/** Client-side checks before a save: field key → message key of `office.editor.errors`. */
export function formProblems(form: EditorForm): Record<string, FormProblem> {
  const problems: Record<string, FormProblem> = {};
  for (const field of ['price', 'childPrice', 'duration', 'minPersons', 'maxPersons'] as const) {
    const value = intOrNull(form[field]);
    if (Number.isNaN(value) || (value !== null && value < 0)) problems[field] = 'number';
  }
  const min = intOrNull(form.minPersons);
  const max = intOrNull(form.maxPersons);
  if (!problems.minPersons && !problems.maxPersons && min !== null && max !== null && min > max)
    problems.maxPersons = 'persons';
  form.dates.forEach((d, i) => {
    const seats = intOrNull(d.seats);
    if (seats === null || Number.isNaN(seats) || seats < 1) problems[`dates.${i}`] = 'seats';
    else if (seats < d.booked) problems[`dates.${i}`] = 'booked';
  });
  // A step without a title in any language would show travellers an empty line (the API refuses it too).
  form.steps.forEach((s, i) => {
    if (!Object.values(s.title).some((title) => title.trim())) problems[`itinerary.${i}.title`] = 'emptyStep';
  });
  const hours = intOrNull(form.responseHours);
  if (hours === null || Number.isNaN(hours) || hours < MIN_RESPONSE_HOURS || hours > MAX_RESPONSE_HOURS)
    problems.responseHours = 'responseHours';
  if (form.format === 'private' && windowsOverlap(form.windows.map(windowRange))) problems.windows = 'windows';
  form.windows.forEach((w, i) => {
    if (!(w.end > w.start)) problems[`windows.${i}`] = 'window';
  });
  const lat = numberOrNull(form.meetingLat);
  const lon = numberOrNull(form.meetingLon);
  if (lat !== null && !(Math.abs(lat) <= 90)) problems.meetingLat = 'latitude';
  if (lon !== null && !(Math.abs(lon) <= 180)) problems.meetingLon = 'longitude';
  // A map link needs both halves of a position.
  if (!problems.meetingLat && !problems.meetingLon && (lat === null) !== (lon === null))
    problems[lat === null ? 'meetingLat' : 'meetingLon'] = 'coordinates';
  return problems;
}
