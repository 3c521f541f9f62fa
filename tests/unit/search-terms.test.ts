import { describe, expect, it } from 'vitest';
import {
  combinedTsquery,
  namePrefixMatches,
  searchTerms,
  similarityTexts,
  tsqueryText,
} from '@/lib/listing/search-terms';
import { synonymsOf } from '@/lib/listing/synonyms';
import { transliterate } from '@/lib/listing/transliterate';

describe('transliterate', () => {
  it.each([
    ['vladivostok', 'владивосток'],
    ['russky', 'русский'],
    ['russkiy', 'русский'],
    ['shamora', 'шамора'],
    ['khanka', 'ханка'],
    ['nakhodka', 'находка'],
    ['ussuriysk', 'уссурийск'],
    ['chandolaz', 'чандолаз'],
    ['egersheld', 'эгершелд'],
    ['baykal', 'байкал'],
    ['yuzhny', 'южны'],
  ])('Latin %s → %s', (latin, cyrillic) => {
    expect(transliterate(latin)).toBe(cyrillic);
  });

  it.each([
    ['владивосток', 'vladivostok'],
    ['русский', 'russky'],
    ['шамора', 'shamora'],
    ['хасан', 'khasan'],
    ['щука', 'shchuka'],
    ['пьяный', 'pyany'],
  ])('Cyrillic %s → %s', (cyrillic, latin) => {
    expect(transliterate(cyrillic)).toBe(latin);
  });

  it('leaves mixed scripts, digits and other alphabets alone', () => {
    expect(transliterate('c56')).toBeNull();
    expect(transliterate('sмесь')).toBeNull();
    expect(transliterate('海参崴')).toBeNull();
    expect(transliterate('über')).toBeNull();
  });
});

describe('synonyms', () => {
  it('gives the other words of the group, across languages', () => {
    expect(synonymsOf('хайкинг')).toEqual(expect.arrayContaining(['поход', 'трекинг', 'hiking', 'hike']));
    expect(synonymsOf('hiking')).toContain('хайкинг');
    expect(synonymsOf('хайкинг')).not.toContain('хайкинг');
    expect(synonymsOf('海参崴')).toEqual(['符拉迪沃斯托克']);
  });

  it('gives nothing for a word without synonyms', () => {
    expect(synonymsOf('маяк')).toEqual([]);
  });
});

describe('searchTerms and tsqueryText', () => {
  it('splits words, lower-cases them and adds the other script and synonyms', () => {
    expect(searchTerms('Маяки  Vladivostok!')).toEqual([
      ['маяки', 'mayaki'],
      ['vladivostok', 'владивосток'],
    ]);
    expect(searchTerms('хайкинг')[0]).toEqual(expect.arrayContaining(['хайкинг', 'поход', 'hiking', 'khayking']));
  });

  it('keeps runs of Chinese apart from other letters, and drops punctuation', () => {
    expect(searchTerms('俄罗斯岛，С-56 S56')).toEqual([['俄罗斯岛'], ['с', 's'], ['56'], ['s56']]);
    expect(searchTerms('?!  ')).toEqual([]);
  });

  it('every term must match, any alternative will do; the last word is a prefix while typing', () => {
    const terms = [['маяки', 'mayaki'], ['остров']];
    expect(tsqueryText(terms)).toBe('(маяки | mayaki) & остров');
    expect(tsqueryText(terms, { prefixLast: true })).toBe('(маяки | mayaki) & остров:*');
  });

  it('Chinese runs become phrases of bigrams, one character a prefix', () => {
    expect(tsqueryText([['海参崴']])).toBe('(海参 <-> 参崴)');
    expect(tsqueryText([['灯塔']])).toBe('灯塔');
    expect(tsqueryText([['海']])).toBe('海:*');
  });

  it('similarity texts: the query as typed and in the other script', () => {
    expect(similarityTexts(searchTerms('vladivastok'))).toEqual(['vladivastok', 'владивасток']);
    expect(similarityTexts(searchTerms('灯塔'))).toEqual(['灯塔']);
  });
});

describe('namePrefixMatches', () => {
  it('matches the start of any word, in either script, ё as е', () => {
    expect(namePrefixMatches('Русский остров', 'ост')).toBe(true);
    expect(namePrefixMatches('Русский остров', 'русский о')).toBe(true);
    expect(namePrefixMatches('Остров Русский', 'russk')).toBe(true);
    expect(namePrefixMatches('Фуникулёр', 'фуникулер')).toBe(true);
    expect(namePrefixMatches('Lake Khanka', 'хан')).toBe(true);
  });

  it('does not match inside a word, or an empty query', () => {
    expect(namePrefixMatches('Владивосток', 'восток')).toBe(false);
    expect(namePrefixMatches('Владивосток', '  ')).toBe(false);
  });

  it('matches Chinese anywhere in the name', () => {
    expect(namePrefixMatches('符拉迪沃斯托克（海参崴）', '海参')).toBe(true);
    expect(namePrefixMatches('俄罗斯岛', '海参')).toBe(false);
  });
});

describe('combinedTsquery', () => {
  it('a choice between words keeps each word once, and none that a prefix already matches', () => {
    // to_tsquery('russian' | 'english' | 'simple', '(маяки:* | mayaki:*)')
    expect(combinedTsquery(["'маяк':* | 'mayaki':*", "'маяки':* | 'mayaki':*", "'маяки':* | 'mayaki':*"])).toBe(
      "'маяк':* | 'mayaki':*",
    );
    expect(combinedTsquery(["'lighthous'", "'lighthous'", "'lighthouses'"])).toBe("'lighthous' | 'lighthouses'");
    expect(combinedTsquery(["'маяк'", "'маяк':*"])).toBe("'маяк':*");
  });

  it('other queries count each configuration’s once, as they are', () => {
    const and = "( 'русск' | 'russky' ) & 'остр':*";
    expect(combinedTsquery([and, "( 'русский' | 'russky' ) & 'остров':*", and])).toBe(
      "( ( 'русск' | 'russky' ) & 'остр':* ) | ( ( 'русский' | 'russky' ) & 'остров':* )",
    );
    expect(combinedTsquery(["'海参' <-> '参崴'", "'海参' <-> '参崴'"])).toBe("( '海参' <-> '参崴' )");
  });

  it('leaves out a configuration that found no word (stop words), and is empty when none did', () => {
    expect(combinedTsquery(['', "'и'", "'и'"])).toBe("'и'");
    expect(combinedTsquery(['', ''])).toBe('');
  });
});
