import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
  closestWord,
  correctedQuery,
  correctionCandidates,
  editDistance,
  vocabularyOf,
} from '@/lib/listing/spelling';

const vocabulary = vocabularyOf([
  'Владивосток',
  'Vladivostok',
  'Русский остров',
  'Приморье',
  'Водные прогулки',
  '海参崴',
]);

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one each', () => {
    expect(editDistance('владивасток', 'владивосток', 2)).toBe(1);
    expect(editDistance('владивосто', 'владивосток', 2)).toBe(1);
    expect(editDistance('владивостокк', 'владивосток', 2)).toBe(1);
    expect(editDistance('вladivostok', 'vladivostok', 2)).toBe(1);
    expect(editDistance('владивотсок', 'владивосток', 2)).toBe(1);
    expect(editDistance('владивастокк', 'владивосток', 2)).toBe(2);
    expect(editDistance('остров', 'остров', 2)).toBe(0);
  });

  it('stops at max + 1 once the words are further apart', () => {
    expect(editDistance('приморье', 'владивосток', 2)).toBe(3);
    expect(editDistance('а', 'владивосток', 2)).toBe(3);
  });
});

describe('allowedTypos', () => {
  it('corrects no short word, one typo up to 7 letters and two from 8', () => {
    expect([3, 4, 7, 8, 11].map(allowedTypos)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('closestWord', () => {
  it('offers the name as the site spells it, in either script', () => {
    expect(closestWord('владивасток', vocabulary)).toBe('Владивосток');
    expect(closestWord('ВЛАДИВАСТОК', vocabulary)).toBe('Владивосток');
    expect(closestWord('vladivastok', vocabulary)).toBe('Vladivostok');
    expect(closestWord('пиморье', vocabulary)).toBe('Приморье');
  });

  it('leaves known words alone: names, names with an ending, and names still being typed', () => {
    expect(closestWord('владивосток', vocabulary)).toBeNull();
    expect(closestWord('владивостоке', vocabulary)).toBeNull();
    expect(closestWord('владив', vocabulary)).toBeNull();
  });

  it('offers nothing for words far from every name, nor for short ones', () => {
    expect(closestWord('маяки', vocabulary)).toBeNull();
    expect(closestWord('ост', vocabulary)).toBeNull();
    expect(closestWord('закат', vocabulary)).toBeNull();
  });
});

describe('correctedQuery', () => {
  it('replaces the corrected words in place and keeps the others as typed', () => {
    const candidates = correctionCandidates('маяки владивасток', vocabulary);
    expect([...candidates]).toEqual([['владивасток', 'Владивосток']]);
    expect(correctedQuery('маяки владивасток', candidates)).toBe('маяки Владивосток');
  });

  it('is null when nothing changes', () => {
    expect(correctedQuery('маяки', new Map())).toBeNull();
    expect(correctedQuery('Владивосток', new Map([['Владивосток', 'Владивосток']]))).toBeNull();
  });
});
