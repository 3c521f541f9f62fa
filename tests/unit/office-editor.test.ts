import { describe, expect, it } from 'vitest';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { IdeaTexts } from '@/lib/contract/own-ideas';
import {
  addDate,
  addWindow,
  addStep,
  blankForm,
  formFromIdea,
  formProblems,
  isDirty,
  localParts,
  meetingPosition,
  minDay,
  missingForSubmission,
  missingFromErrors,
  patchBodyOf,
  startsAt,
} from '@/lib/office/editor';
import { move, patchAt, removeAt } from '@/lib/office/list-edits';

const none = { ru: '', en: '', zh: '' };
const texts: IdeaTexts = {
  title: { ru: 'Маяк', en: 'Lighthouse', zh: '' },
  description: { ru: 'Рассвет у маяка', en: '', zh: '' },
  includes: none,
  meeting_point: { ru: 'Парковка у маяка', en: 'Lighthouse car park', zh: '' },
  itinerary: [{ title: { ru: 'Встреча', en: '', zh: '' }, description: none, duration_minutes: 30 }],
};

const idea = {
  id: 5,
  hid: 'Abcdef',
  type: 'ideas',
  attributes: {
    title: 'Маяк',
    status: 'draft',
    category_id: 2,
    place_id: 9,
    place_title: 'Токаревский маяк',
    idea_type_id: 4,
    languages: ['ru', 'en'],
    duration_minutes: 120,
    lat: null,
    lon: null,
    cover_url: '/media/b.jpg',
    next_date: null,
    published_at: null,
    cancellation_policy: 'free_72h',
    meeting_point: { text: 'Парковка у маяка', lat: 43.0759, lon: 131.8465 },
  },
  relationships: {
    ideaPrice: { data: { amount: 2500, currency: 'RUB', symbol: '₽', child_amount: 1500, includes: '' } },
    bookingParams: { data: { min_persons: 1, max_persons: 8, children_allowed: true } },
    futureDates: {
      data: [
        {
          id: 11,
          hid: 'x',
          type: 'ideaDates',
          attributes: { starts_at: '2030-05-01T00:30:00.000Z', seats_total: 8, seats_left: 6 },
          relationships: {},
        },
      ],
    },
    photos: {
      data: [1, 2].map((id) => ({
        id,
        hid: 'p',
        type: 'photos',
        attributes: {
          cover_url: id === 1 ? '/media/a.jpg' : '/media/b.jpg',
          large_url: '',
          width: 1,
          height: 1,
          position: id,
        },
        relationships: {},
      })),
    },
  },
} as unknown as IdeaResource;

const now = new Date('2030-01-01T00:00:00Z');

describe('the idea editor form', () => {
  it('reads the idea and its texts, dates in Vladivostok time, cover from the cover url', () => {
    const form = formFromIdea(idea, texts);
    expect(form).toMatchObject({
      categoryId: '2',
      place: { id: 9, title: 'Токаревский маяк' },
      price: '2500',
      childPrice: '1500',
      maxPersons: '8',
      coverId: 2,
      languages: ['ru', 'en'],
      policy: 'free_72h',
      meetingPoint: { ru: 'Парковка у маяка', en: 'Lighthouse car park', zh: '' },
      meetingLat: '43.0759',
      meetingLon: '131.8465',
    });
    expect(form.dates).toEqual([{ key: 'date-11', id: 11, day: '2030-05-01', time: '10:30', seats: '8', booked: 2 }]);
    expect(form.steps[0].title.ru).toBe('Встреча');
  });

  it('turns back into a PATCH body: only filled languages, dates with offset, photo order and cover', () => {
    const body = patchBodyOf(formFromIdea(idea, texts));
    expect(body).toMatchObject({
      title: { ru: 'Маяк', en: 'Lighthouse' },
      description: { ru: 'Рассвет у маяка' },
      category_id: 2,
      place_id: 9,
      idea_type_id: 4,
      price: 2500,
      child_price: 1500,
      dates: [{ id: 11, starts_at: '2030-05-01T10:30:00+10:00', seats_total: 8 }],
      itinerary: [{ title: { ru: 'Встреча' }, description: { ru: '' }, duration_minutes: 30 }],
      photo_ids: [1, 2],
      cover_photo_id: 2,
      cancellation_policy: 'free_72h',
      meeting_point: { ru: 'Парковка у маяка', en: 'Lighthouse car park' },
      meeting_lat: 43.0759,
      meeting_lon: 131.8465,
    });
    // A draft without a policy sends none (the API keeps it null); a comma is a decimal point.
    const draft = patchBodyOf({ ...formFromIdea(idea, texts), policy: '', meetingLat: '43,1', meetingLon: '' });
    expect(draft).not.toHaveProperty('cancellation_policy');
    expect(draft).toMatchObject({ meeting_lat: 43.1, meeting_lon: null });
    expect(body.title).not.toHaveProperty('zh');
    expect(body.children_allowed).toBe(true);
    expect(patchBodyOf({ ...formFromIdea(idea, texts), childrenAllowed: false }).children_allowed).toBe(false);
    expect(new Date(body.dates![0].starts_at).toISOString()).toBe('2030-05-01T00:30:00.000Z');
  });

  it('knows when it has unsaved changes', () => {
    const saved = formFromIdea(idea, texts);
    expect(isDirty(formFromIdea(idea, texts), saved)).toBe(false);
    expect(isDirty({ ...saved, price: '2600' }, saved)).toBe(true);
    expect(isDirty({ ...saved, childrenAllowed: false }, saved)).toBe(true);
    expect(isDirty({ ...saved, photos: move(saved.photos, 0, 1) }, saved)).toBe(true);
    expect(isDirty({ ...saved, policy: 'free_24h' }, saved)).toBe(true);
    expect(isDirty({ ...saved, meetingPoint: { ...saved.meetingPoint, zh: '灯塔' } }, saved)).toBe(true);
    expect(isDirty({ ...saved, meetingLon: '131.85' }, saved)).toBe(true);
  });

  it('starts a new idea with the form a new draft would load with, so nothing is unsaved yet', () => {
    const emptyDraft = {
      ...idea,
      attributes: {
        ...idea.attributes,
        title: '',
        category_id: null,
        place_id: null,
        place_title: null,
        languages: [],
        duration_minutes: null,
        cover_url: null,
        cancellation_policy: null,
        meeting_point: null,
      },
      relationships: {
        ideaPrice: { data: { amount: null, currency: 'RUB', symbol: '₽', child_amount: null, includes: '' } },
        bookingParams: { data: { min_persons: 1, max_persons: 10, children_allowed: true } },
        futureDates: { data: [] },
        photos: { data: [] },
      },
    } as unknown as IdeaResource;
    const emptyTexts: IdeaTexts = {
      title: none,
      description: none,
      includes: none,
      meeting_point: none,
      itinerary: [],
    };
    expect(blankForm()).toEqual(formFromIdea(emptyDraft, emptyTexts));
    expect(isDirty(blankForm(), blankForm())).toBe(false);
    expect(isDirty({ ...blankForm(), title: { ...none, ru: 'Маяк' } }, blankForm())).toBe(true);
  });

  it('names what is missing for moderation', () => {
    const complete = formFromIdea(idea, texts);
    expect(missingForSubmission(complete, now)).toEqual([]);
    const empty = {
      ...complete,
      title: none,
      description: none,
      categoryId: '',
      place: null,
      price: '',
      dates: [],
      photos: [],
      policy: '' as const,
      meetingPoint: { ...none, en: 'Only in English' },
    };
    expect(missingForSubmission(empty, now)).toEqual([
      'title',
      'description',
      'category',
      'place',
      'price',
      'dates',
      'photos',
      'policy',
      'meetingPoint',
    ]);
    // Only a future date counts.
    expect(missingForSubmission({ ...complete, dates: [{ ...complete.dates[0], day: '2029-12-01' }] }, now)).toEqual([
      'dates',
    ]);
    expect(missingFromErrors({ category_id: ['x'], photo_ids: ['y'], other: ['z'] })).toEqual(['category', 'photos']);
    expect(missingFromErrors({ cancellation_policy: ['x'], meeting_point: ['y'] })).toEqual(['policy', 'meetingPoint']);
  });

  it('checks numbers, persons and seats before saving', () => {
    const form = formFromIdea(idea, texts);
    expect(formProblems(form)).toEqual({});
    expect(formProblems({ ...form, price: 'abc', minPersons: '9', maxPersons: '3' })).toEqual({
      price: 'number',
      maxPersons: 'persons',
    });
    expect(formProblems({ ...form, dates: [{ ...form.dates[0], seats: '1' }] })).toEqual({ 'dates.0': 'booked' });
    expect(formProblems({ ...form, dates: [{ ...form.dates[0], seats: '0' }] })).toEqual({ 'dates.0': 'seats' });
    expect(formProblems({ ...form, meetingLat: '91', meetingLon: 'east' })).toEqual({
      meetingLat: 'latitude',
      meetingLon: 'longitude',
    });
    expect(formProblems({ ...form, meetingLat: '43.1', meetingLon: '' })).toEqual({ meetingLon: 'coordinates' });
    expect(formProblems({ ...form, meetingLat: '', meetingLon: '' })).toEqual({});
  });

  it('refuses an itinerary step without a title in any language', () => {
    const form = formFromIdea(idea, texts);
    const [blank] = addStep([]);
    expect(formProblems({ ...form, steps: [...form.steps, blank] })).toEqual({
      [`itinerary.${form.steps.length}.title`]: 'emptyStep',
    });
    const english = { ...blank, title: { ...blank.title, en: 'Lighthouse' } };
    expect(formProblems({ ...form, steps: [english] })).toEqual({});
  });
});

describe('meetingPosition', () => {
  it('is the typed coordinates as a map position (a decimal comma too), null while one is missing or out of range', () => {
    expect(meetingPosition({ meetingLat: '43.1155', meetingLon: '131,8855' })).toEqual({ lat: 43.1155, lon: 131.8855 });
    expect(meetingPosition({ meetingLat: '43.1155', meetingLon: '' })).toBeNull();
    expect(meetingPosition({ meetingLat: '91', meetingLon: '131' })).toBeNull();
    expect(meetingPosition({ meetingLat: '43', meetingLon: 'east' })).toBeNull();
  });
});

describe('list operations', () => {
  it('moves, removes and adds', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -2)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    const steps = addStep([]);
    expect(steps).toHaveLength(1);
    expect(steps[0].title).toEqual(none);
  });

  it('adds a date a week after the last one, or a week from today', () => {
    const first = addDate([], now);
    expect(first[0]).toMatchObject({ day: '2030-01-08', time: '10:00', seats: '10', booked: 0 });
    const second = addDate([{ ...first[0], time: '08:15', seats: '4' }], now);
    expect(second[1]).toMatchObject({ day: '2030-01-15', time: '08:15', seats: '4' });
    expect(second[0].key).not.toBe(second[1].key);
  });

  it('converts Vladivostok local time both ways', () => {
    expect(localParts('2030-01-01T15:00:00Z')).toEqual({ day: '2030-01-02', time: '01:00' });
    expect(startsAt('2030-01-02', '01:00')).toBe('2030-01-02T01:00:00+10:00');
    expect(minDay(now)).toBe('2030-01-02');
  });
});

describe("a private idea's form", () => {
  const privateForm = () => ({
    ...blankForm(),
    format: 'private' as const,
    slotStep: 30,
    windows: addWindow(addWindow([])),
    blockedDays: ['2030-01-07'],
  });

  it('sends the windows, step and days off, and needs a window (not a departure) to submit', () => {
    const form = privateForm();
    expect(form.windows.map((w) => [w.weekday, w.start, w.end])).toEqual([
      [1, '10:00', '18:00'],
      [2, '10:00', '18:00'],
    ]);
    expect(patchBodyOf(form)).toMatchObject({
      format: 'private',
      slot_step_minutes: 30,
      availability: [
        { weekday: 1, start: '10:00', end: '18:00' },
        { weekday: 2, start: '10:00', end: '18:00' },
      ],
      blocked_days: ['2030-01-07'],
    });
    expect(patchBodyOf(blankForm())).not.toHaveProperty('availability');
    expect(missingForSubmission(form)).not.toContain('dates');
    expect(missingForSubmission({ ...form, windows: [] })).toContain('dates');
  });

  it('finds windows that end before they start, and windows that overlap', () => {
    const form = privateForm();
    const backwards = { ...form, windows: patchAt(form.windows, 0, { start: '18:00', end: '09:00' }) };
    expect(formProblems(backwards)['windows.0']).toBe('window');
    const overlapping = { ...form, windows: patchAt(form.windows, 1, { weekday: 1, start: '17:00', end: '20:00' }) };
    expect(formProblems(overlapping).windows).toBe('windows');
    expect(formProblems(form)).toEqual({});
  });
});
