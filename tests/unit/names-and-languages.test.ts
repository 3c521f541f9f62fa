import { describe, expect, it } from 'vitest';
import { displayName } from '@/lib/i18n/display-name';
import { transliterate } from '@/lib/i18n/transliterate';
import { detectTextLanguage } from '@/lib/reviews/language';

describe('transliterating Russian names', () => {
  it.each([
    ['Щукина', 'Shchukina'],
    ['Юрий', 'Yuriy'],
    ['Анна Петрова', 'Anna Petrova'],
    ['Фёдор', 'Fyodor'],
    ['Пётр Алёшин', 'Pyotr Alyoshin'],
    ['Жёлудев', 'Zholudev'],
    ['Наталья', 'Natalya'],
    ['Дарья Ильина', 'Darya Ilina'],
    ['Алексей', 'Aleksey'],
    ['Сергей Хабаров', 'Sergey Khabarov'],
    ['Объедков', 'Obedkov'],
    ['Цой', 'Tsoy'],
    ['Чайковский', 'Chaykovskiy'],
    ['Эдуард', 'Eduard'],
    ['Яна Шишкина', 'Yana Shishkina'],
    ['Римский-Корсаков', 'Rimskiy-Korsakov'],
    ['Анна-Мария Ёлкина', 'Anna-Mariya Yolkina'],
    ['Мария Быкова', 'Mariya Bykova'],
    ['Евгения Зуева', 'Evgeniya Zueva'],
    ['ЩУКИН', 'SHCHUKIN'],
    ['ЮРИЙ Щукин', 'YURIY Shchukin'],
    ['Anna Smith', 'Anna Smith'],
    ["O'Neil-Brown", "O'Neil-Brown"],
    ['Ли Вэй', 'Li Vey'],
  ])('%s → %s', (cyrillic, latin) => {
    expect(transliterate(cyrillic)).toBe(latin);
  });
});

describe('the name a page shows', () => {
  const plain = { name: 'Анна Петрова', nameLatin: null, nameZh: null };
  const spelled = { name: 'Анна Петрова', nameLatin: 'Anna Petrova-Smith', nameZh: '安娜' };

  it('is the original on Russian pages', () => {
    expect(displayName(spelled, 'ru')).toBe('Анна Петрова');
  });

  it('is the guide’s Latin spelling on English pages, else a transliteration', () => {
    expect(displayName(spelled, 'en')).toBe('Anna Petrova-Smith');
    expect(displayName(plain, 'en')).toBe('Anna Petrova');
  });

  it('is the Chinese spelling on Chinese pages, else the Latin one, else a transliteration', () => {
    expect(displayName(spelled, 'zh')).toBe('安娜');
    expect(displayName({ ...spelled, nameZh: null }, 'zh')).toBe('Anna Petrova-Smith');
    expect(displayName(plain, 'zh')).toBe('Anna Petrova');
  });

  it('leaves a name without Cyrillic as it is', () => {
    expect(displayName({ name: 'John Doe' }, 'en')).toBe('John Doe');
    expect(displayName({ name: '李伟' }, 'zh')).toBe('李伟');
  });
});

describe('the language of a review', () => {
  it('is the script most of its letters are in', () => {
    expect(detectTextLanguage('Отличная поездка, спасибо!', 'en')).toBe('ru');
    expect(detectTextLanguage('A great trip, thank you!', 'ru')).toBe('en');
    expect(detectTextLanguage('非常好的旅行，谢谢导游！', 'ru')).toBe('zh');
    expect(detectTextLanguage('Поездка на Русский остров, gps не нужен', 'en')).toBe('ru');
    expect(detectTextLanguage('很好 nice', 'ru')).toBe('zh');
  });

  it('is the reviewer’s language when the text has no letters', () => {
    expect(detectTextLanguage('👍👍👍 10/10', 'zh')).toBe('zh');
    expect(detectTextLanguage('5+', 'ru')).toBe('ru');
  });
});
