import { describe, expect, it } from 'vitest';
import { CONTACT_MARKER, maskContacts, maskedParts } from '@/lib/conversations/contact-mask';

// Each line: the message, and the contact in it that the other side must not read.
const CONTACTS: [message: string, contact: string][] = [
  ['Звоните +7 (914) 123-45-67', '+7 (914) 123-45-67'],
  ['мой номер 8 914 1234567', '8 914 1234567'],
  ['89141234567', '89141234567'],
  ['+79141234567 вечером', '+79141234567'],
  ['номер 8 9 1 4 1 2 3 4 5 6 7', '8 9 1 4 1 2 3 4 5 6 7'],
  ['8.914.123.45.67', '8.914.123.45.67'],
  ['8-914-123-45-67', '8-914-123-45-67'],
  ['тел 914 123 4567', '914 123 4567'],
  ['+7 914 123 45 67', '+7 914 123 45 67'],
  ['городской 123-45-67', '123-45-67'],
  ['8_914_123_45_67', '8_914_123_45_67'],
  ['+7(914)1234567', '+7(914)1234567'],
  [
    'восемь девять один четыре один два три четыре пять шесть семь',
    'восемь девять один четыре один два три четыре пять шесть семь',
  ],
  [
    'восемь девятьсот четырнадцать сто двадцать три сорок пять шестьдесят семь',
    'восемь девятьсот четырнадцать сто двадцать три сорок пять шестьдесят семь',
  ],
  ['eight nine one four one two three four five six seven', 'eight nine one four one two three four five six seven'],
  ['call me: восемь 914 один два три 45 67', 'восемь 914 один два три 45 67'],
  [
    'Восемь, девять, один, четыре, один, два, три, четыре, пять, шесть, семь',
    'Восемь, девять, один, четыре, один, два, три, четыре, пять, шесть, семь',
  ],
  ['８９１４１２３４５６７', '８９１４１２３４５６７'],
  ['＋７ ９１４ １２３ ４５ ６７', '＋７ ９１４ １２３ ４５ ６７'],
  ['пишите в тг @ivan_petrov', '@ivan_petrov'],
  ['@vladguide', '@vladguide'],
  ['t.me/vladguide', 't.me/vladguide'],
  ['https://t.me/vladguide', 'https://t.me/vladguide'],
  ['t . me / vladguide', 't . me / vladguide'],
  ['wa.me/79141234567', 'wa.me/79141234567'],
  ['vk.com/id12345', 'vk.com/id12345'],
  ['мой сайт www.sopka-tours.ru', 'www.sopka-tours.ru'],
  ['смотрите instagram.com/vlad.trips', 'instagram.com/vlad.trips'],
  ['wechat: xyz', 'xyz'],
  ['微信 xyz123', 'xyz123'],
  ['加我微信abc_2026', 'abc_2026'],
  ['vx: vladtrip', 'vladtrip'],
  ['WeChat ID vlad_trip', 'vlad_trip'],
  ['телеграм ivanpetrov', 'ivanpetrov'],
  ['whatsapp: ivan.petrov', 'ivan.petrov'],
  ['ivan@mail.ru', 'ivan@mail.ru'],
  ['ivan at gmail dot com', 'ivan at gmail dot com'],
  ['ivan (собака) mail.ru', 'ivan (собака) mail.ru'],
  ['ivan собака yandex точка ru', 'ivan собака yandex точка ru'],
  ['ivan[at]mail[dot]ru', 'ivan[at]mail[dot]ru'],
  ['ivan @ mail . ru', 'ivan @ mail . ru'],
  ['ＩＶＡＮ＠ＭＡＩＬ．ＲＵ', 'ＩＶＡＮ＠ＭＡＩＬ．ＲＵ'],
  ['сопка-гид.рф', 'сопка-гид.рф'],
  ['skype: vlad.guide', 'vlad.guide'],
];

const ORDINARY = [
  'Стоимость 3 500 ₽ за человека',
  '2500 руб с человека',
  'Цена 15 000 – 20 000 ₽ в зависимости от группы',
  'Встречаемся 12.12.2026 в 10:30',
  'Можно 12/12?',
  'Выезд в 10:30, возвращаемся к 18:00',
  'Нас 2 взрослых и 1 ребёнок',
  'Мест осталось 4',
  'Адрес: ул. Светланская, 45',
  'ул. Алеутская, 17, кв. 3',
  'В 2025 году был с вами, хочу снова в 2026',
  'Экскурсия длится 3 часа',
  'Поездка 2 дня, 1 ночь',
  'Код 1234 не подошёл',
  '5 @ 10 — это как?',
  'Сколько стоит для 3 человек?',
  'Приедем 2025-06-12',
  'Мы будем в 8 утра',
  'Дети 5 и 7 лет',
  'Привет! Хотим поехать на остров Русский',
  'Hello, is the boat trip on 12.07 still available?',
  'We are 2 adults and 2 kids, 7 and 9 years old',
  'The price was 4 500 ₽, right?',
  'Meet at the hotel lobby at 9:00',
  'Is it ok at 10:30 or at 11:00?',
  'Can we skype call tomorrow?',
  'Could you send more photos please?',
  'Дорога займёт 1,5 часа',
  'Берите 2 литра воды и 1 куртку',
  'Высота сопки 257 м',
  'с 1 по 15 июля',
  '三个人，12月12日，10:30可以吗？',
  '价格是2500卢布吗？',
  'Бронь на 14.08, 3 места',
  'Автобус 15, остановка «Океанская»',
  'Маршрут 12 км, набор 450 м',
  'Рейс SU 1700 прилетает в 14:20',
  'Отель на Светланской 1, номер 305',
  'Было бы здорово, спасибо!',
  'Можно ли с собакой?',
  'Мы приедем с собакой, она маленькая',
  'one or two people, at about nine',
  'Температура воды 18–20 градусов',
  'Диапазон 2025–2026',
];

describe('the contact mask', () => {
  it.each(CONTACTS)('hides the contact in %j', (message, contact) => {
    const { text, masked } = maskContacts(message);
    expect(masked).toBe(true);
    expect(text).toBe(message.replace(contact, CONTACT_MARKER));
  });

  it.each(ORDINARY)('leaves %j as it is', (message) => {
    expect(maskContacts(message)).toEqual({ text: message, masked: false });
  });

  it('has at least 40 tricky contacts and 40 ordinary messages in its tables', () => {
    expect(CONTACTS.length).toBeGreaterThanOrEqual(40);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(40);
  });

  it('hides several contacts in one message and splits the result for the chips', () => {
    const { text } = maskContacts('Пишите ivan@mail.ru или звоните 89141234567, жду');
    expect(text).toBe(`Пишите ${CONTACT_MARKER} или звоните ${CONTACT_MARKER}, жду`);
    expect(maskedParts(text)).toEqual([
      { kind: 'text', text: 'Пишите ' },
      { kind: 'hidden' },
      { kind: 'text', text: ' или звоните ' },
      { kind: 'hidden' },
      { kind: 'text', text: ', жду' },
    ]);
  });
});
