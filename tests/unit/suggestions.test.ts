import { describe, expect, it } from 'vitest';
import { moveActive, suggestionGroups } from '@/lib/listing/suggestions';

describe('suggestionGroups', () => {
  it('keeps the kinds in order, leaves out empty ones and numbers the options through all groups', () => {
    const groups = suggestionGroups({
      places: [{ id: 8, title: 'Русский остров' }],
      categories: [],
      ideas: [
        { id: 4, hid: 'AbCdEf', title: 'Закат у Токаревского маяка', place: 'Владивосток' },
        { id: 9, hid: 'GhIjKl', title: 'Мыс Басаргина', place: null },
      ],
      correction: null,
    });
    expect(groups.map((group) => group.kind)).toEqual(['places', 'ideas']);
    expect(groups.flatMap((group) => group.options.map((option) => [option.kind, option.id, option.index]))).toEqual([
      ['places', 8, 0],
      ['ideas', 4, 1],
      ['ideas', 9, 2],
    ]);
    expect(groups[1].options[0]).toMatchObject({ hid: 'AbCdEf', place: 'Владивосток' });
  });

  it('offers the query spelled right first, as an option of its own', () => {
    const groups = suggestionGroups({
      places: [{ id: 7, title: 'Владивосток' }],
      categories: [],
      ideas: [],
      correction: 'Владивосток',
    });
    expect(groups.flatMap((group) => group.options.map((option) => [option.kind, option.title, option.index]))).toEqual(
      [
        ['correction', 'Владивосток', 0],
        ['places', 'Владивосток', 1],
      ],
    );
  });

  it('is empty when nothing matches', () => {
    expect(suggestionGroups({ places: [], categories: [], ideas: [], correction: null })).toEqual([]);
  });
});

describe('moveActive', () => {
  it('down from none is the first, up from none the last', () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
  });

  it('wraps around at both ends', () => {
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(1, 3, 1)).toBe(2);
  });

  it('has nothing to move to in an empty list', () => {
    expect(moveActive(-1, 0, 1)).toBe(-1);
  });
});
