import type { SeedIdea, SpokenLanguage } from './types';
import { seededRandom } from '@/lib/seeded-random';

/**
 * Demo reviews: travellers who went on past departures of most published ideas and wrote 3–15 reviews each, in the
 * languages the idea is offered in, with ratings, lengths and author replies that vary the way real ones do. All
 * of it is derived from the idea's index with a small seeded generator, so every seed writes the same reviews.
 */

export interface SeedTraveller {
  name: string;
  email: string;
  /** The language this traveller writes in. */
  language: SpokenLanguage;
}

/** The demo traveller (README): signs in with the author password and has six ended trips waiting for a review. */
export const DEMO_TRAVELLER: SeedTraveller = {
  name: 'Мария Соколова',
  email: 'traveller@demo.sopka.travel',
  language: 'ru',
};

export const SEED_TRAVELLERS: SeedTraveller[] = [
  { name: 'Алексей Воронин', email: 'alexey.v@demo.sopka.travel', language: 'ru' },
  { name: 'Наталья Гришина', email: 'natalia.g@demo.sopka.travel', language: 'ru' },
  { name: 'Павел Ким', email: 'pavel.k@demo.sopka.travel', language: 'ru' },
  { name: 'Ирина Смирнова', email: 'irina.s@demo.sopka.travel', language: 'ru' },
  { name: 'Михаил Орлов', email: 'mikhail.o@demo.sopka.travel', language: 'ru' },
  { name: 'Светлана Юн', email: 'svetlana.y@demo.sopka.travel', language: 'ru' },
  { name: 'Денис Фролов', email: 'denis.f@demo.sopka.travel', language: 'ru' },
  { name: 'Ксения Белова', email: 'ksenia.b@demo.sopka.travel', language: 'ru' },
  { name: 'Андрей и Юля', email: 'andrey.yulia@demo.sopka.travel', language: 'ru' },
  { name: 'Татьяна Лебедева', email: 'tatiana.l@demo.sopka.travel', language: 'ru' },
  { name: 'Виктор Сон', email: 'viktor.s@demo.sopka.travel', language: 'ru' },
  { name: 'Елена Полякова', email: 'elena.p@demo.sopka.travel', language: 'ru' },
  { name: 'James Carter', email: 'james.c@demo.sopka.travel', language: 'en' },
  { name: 'Sophie Martin', email: 'sophie.m@demo.sopka.travel', language: 'en' },
  { name: 'Daniel Weber', email: 'daniel.w@demo.sopka.travel', language: 'en' },
  { name: 'Emma Lindqvist', email: 'emma.l@demo.sopka.travel', language: 'en' },
  { name: '王丽', email: 'wang.li@demo.sopka.travel', language: 'zh' },
  { name: '陈明', email: 'chen.ming@demo.sopka.travel', language: 'zh' },
  { name: '刘洋', email: 'liu.yang@demo.sopka.travel', language: 'zh' },
  { name: '张婷', email: 'zhang.ting@demo.sopka.travel', language: 'zh' },
];

/** The guides' first names as each language writes them (index = SEED_AUTHORS index). */
const GUIDE_NAMES: Record<SpokenLanguage, string[]> = {
  ru: ['Анна', 'Дмитрий', 'Ольга', 'Сергей', 'Игорь', 'Екатерина'],
  en: ['Anna', 'Dmitry', 'Olga', 'Sergey', 'Igor', 'Ekaterina'],
  zh: ['安娜', '德米特里', '奥尔加', '谢尔盖', '伊戈尔', '叶卡捷琳娜'],
};

type Pools = Record<1 | 2 | 3 | 4 | 5, string[]>;

/** First sentences by rating; `{guide}` is the guide's first name. */
const OPENERS: Record<SpokenLanguage, Pools> = {
  ru: {
    5: [
      'Лучшее, что мы сделали за всю поездку во Владивосток!',
      'Очень понравилось, спасибо, {guide}!',
      'Всё было отлично от начала и до конца.',
      '{guide} — настоящий профессионал и просто приятный человек.',
      'Ехали без особых ожиданий, а вернулись в полном восторге.',
      'Третий раз выбираем этого гида и снова не пожалели.',
      'Рекомендую всем, кто хочет увидеть Приморье не из окна автобуса.',
      'Идеально спланированный день.',
    ],
    4: [
      'В целом очень хорошо, хотя кое-что можно улучшить.',
      'Понравилось, {guide} много знает и интересно рассказывает.',
      'Хороший маршрут и приятная компания.',
      'Достойно, за свои деньги — более чем.',
      'Нам понравилось, хоть погода и подвела.',
    ],
    3: [
      'Неплохо, но ожидали большего.',
      'Сам маршрут красивый, а вот организация хромала.',
      'Средне: что-то понравилось, что-то нет.',
    ],
    2: ['К сожалению, впечатления смешанные.', 'Описание обещало больше, чем получилось на деле.'],
    1: ['Не рекомендую в таком виде.'],
  },
  en: {
    5: [
      'The highlight of our whole trip to Vladivostok!',
      'Absolutely loved it — thank you, {guide}!',
      '{guide} is a wonderful guide: knowledgeable, funny and patient.',
      'Everything was perfectly organised from start to finish.',
      'Worth every rouble.',
    ],
    4: [
      'A really good day out, with a couple of small hiccups.',
      'Great route and a friendly group.',
      'We enjoyed it a lot even though the weather did not cooperate.',
    ],
    3: ['Decent, but I expected a bit more.', 'Nice places, but the timing felt rushed.'],
    2: ['Mixed feelings, unfortunately.'],
    1: ['Not what was described.'],
  },
  zh: {
    5: [
      '这是我们这次海参崴之行最棒的一天！',
      '非常满意，谢谢{guide}！',
      '{guide}很专业，也很热情。',
      '安排得很周到，强烈推荐。',
    ],
    4: ['整体很好，有一点小遗憾。', '路线很美，导游讲解也有意思。', '天气一般，但玩得很开心。'],
    3: ['还可以，但和期待的有些差距。', '风景不错，组织上还可以更好。'],
    2: ['感受比较复杂。'],
    1: ['和描述的不一样，不太推荐。'],
  },
};

/** Middle sentences: what the traveller noticed (any rating of 3 and more). */
const DETAILS: Record<SpokenLanguage, string[]> = {
  ru: [
    'Маршрут продуман так, что ни разу не было скучно, а паузы были ровно там, где нужно.',
    'Группа маленькая, поэтому можно было спокойно задавать вопросы и фотографировать.',
    'Услышали истории, которых нет ни в одном путеводителе.',
    'Отдельное спасибо за горячий чай в термосе и бутерброды — очень кстати.',
    'С нами были дети девяти и двенадцати лет, им было интересно всё время.',
    'Виды такие, что телефон к концу дня просто разрядился.',
    'Встретили вовремя, всё объяснили заранее в сообщениях, никаких сюрпризов.',
    'Темп комфортный, даже без особой подготовки дошли без проблем.',
    'Узнали о городе и крае больше, чем за все предыдущие приезды.',
    'Снаряжение выдали чистое и исправное, инструктаж был понятный.',
  ],
  en: [
    'The group was small, so there was plenty of time for questions and photos.',
    'We heard stories you will not find in any guidebook.',
    'Hot tea and snacks on the way were a lovely touch.',
    'Pick-up was on time and everything was explained in advance.',
    'The pace was comfortable even for us, not very fit city people.',
    'The views were unreal — my phone was full by the end of the day.',
  ],
  zh: [
    '小团出行，有充足的时间提问和拍照。',
    '导游讲了很多旅游指南上没有的故事。',
    '路上准备了热茶和点心，很贴心。',
    '接送准时，行前沟通也很清楚。',
    '节奏舒适，没有什么运动基础也能轻松完成。',
  ],
};

/** What went less well (ratings of 4 and below). */
const COMPLAINTS: Record<SpokenLanguage, string[]> = {
  ru: [
    'Единственное — выехали на полчаса позже, ждали опоздавших.',
    'Хотелось бы чуть больше свободного времени на самой интересной точке.',
    'Обед был так себе, лучше взять перекус с собой.',
    'Трансфер оказался тесноватым для шести человек.',
    'Информацию о месте встречи прислали только накануне вечером.',
  ],
  en: [
    'The only thing: we left half an hour late waiting for latecomers.',
    'I wish we had had more free time at the best viewpoint.',
    'The lunch stop was average, bring your own snacks.',
  ],
  zh: ['唯一的问题是出发晚了半小时。', '希望在最美的地方多停留一会儿。', '午餐一般，建议自带零食。'],
};

/** Last sentences (ratings of 4 and 5). */
const CLOSERS: Record<SpokenLanguage, string[]> = {
  ru: [
    'Обязательно вернёмся летом!',
    'Советую брать удобную обувь и ветровку.',
    'Спасибо за прекрасный день!',
    'Уже посоветовали друзьям.',
    'Поедем ещё раз, уже на другой маршрут.',
  ],
  en: ['We will definitely come back in summer!', 'Bring good shoes and a windbreaker.', 'Thank you for a great day!'],
  zh: ['夏天一定再来！', '建议穿舒适的鞋子，带件防风外套。', '感谢美好的一天！'],
};

/** Guides' replies, by how the review went. */
const REPLIES: Record<SpokenLanguage, { good: string[]; bad: string[] }> = {
  ru: {
    good: [
      'Спасибо за тёплые слова! Были рады показать вам наши места, приезжайте ещё.',
      'Очень приятно читать такое, спасибо! До встречи на новых маршрутах.',
      'Спасибо, что выбрали нас! Передам ваши слова всей команде.',
    ],
    bad: [
      'Спасибо за честный отзыв. Мы уже поменяли время сбора, чтобы не ждать опоздавших.',
      'Жаль, что не всё понравилось. Напишите нам, пожалуйста, — обсудим, как исправить.',
    ],
  },
  en: {
    good: ['Thank you so much! It was a pleasure to have you, come back any time.'],
    bad: ['Thank you for the honest feedback — we have already changed the meeting time.'],
  },
  zh: { good: ['非常感谢您的好评！欢迎再来。'], bad: ['感谢您的反馈，我们会改进。'] },
};

export interface SeedReview {
  /** Index into SEED_TRAVELLERS. */
  traveller: number;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  reply: string | null;
  /** How many days before the seeding day the departure was (its trip has ended by then). */
  daysAgo: number;
  adults: number;
  /** Days after the trip's end the review was written. */
  writtenAfterDays: number;
}

/** Ratings skewed high, as on real marketplaces: mostly fives, some fours, a few lower. */
function ratingOf(random: () => number, quality: number): SeedReview['rating'] {
  const r = random() - quality;
  if (r < 0.55) return 5;
  if (r < 0.8) return 4;
  if (r < 0.91) return 3;
  if (r < 0.97) return 2;
  return 1;
}

const pickFrom = <T>(random: () => number, list: T[]): T => list[Math.floor(random() * list.length)];

function reviewText(random: () => number, language: SpokenLanguage, rating: SeedReview['rating'], guide: string) {
  const parts = [pickFrom(random, OPENERS[language][rating])];
  const length = random();
  if (rating >= 3 && length > 0.3) parts.push(pickFrom(random, DETAILS[language]));
  if (rating <= 4 && length > 0.4) parts.push(pickFrom(random, COMPLAINTS[language]));
  if (rating >= 4 && length > 0.6) parts.push(pickFrom(random, DETAILS[language]));
  if (rating >= 4 && length > 0.5) parts.push(pickFrom(random, CLOSERS[language]));
  const text = [...new Set(parts)].join(language === 'zh' ? '' : ' ').replaceAll('{guide}', guide);
  // Chinese sentences are short: make sure even the shortest review has the 10 characters a review needs.
  return text.length >= 10 ? text : `${text}${CLOSERS[language][0]}`;
}

/** The reviews of one idea: none for every eighth idea (a new idea without reviews yet), else 3–15. */
export function reviewsFor(idea: SeedIdea, index: number): SeedReview[] {
  if (idea.status !== 'published' || index % 8 === 5) return [];
  const random = seededRandom(index * 7919 + 17);
  const count = 3 + Math.floor(random() * 13);
  // Some ideas are simply better than others: shifts the rating draw.
  const quality = (random() - 0.3) * 0.3;
  const tripDays = Math.ceil(idea.durationMinutes / 1440);
  const languages = idea.languages.length ? idea.languages : (['ru'] as SpokenLanguage[]);
  const out: SeedReview[] = [];
  for (let n = 0; n < count; n++) {
    // Russian most of the time; the idea's other languages now and then.
    const language: SpokenLanguage =
      languages.length > 1 && random() < 0.3 ? languages[1 + Math.floor(random() * (languages.length - 1))] : 'ru';
    const candidates = SEED_TRAVELLERS.flatMap((t, i) => (t.language === language ? [i] : []));
    const traveller = candidates[(index + n) % candidates.length];
    const rating = ratingOf(random, quality);
    const text = reviewText(random, language, rating, GUIDE_NAMES[language][idea.author] ?? '');
    const replies = REPLIES[language][rating >= 4 ? 'good' : 'bad'];
    // Authors answer most critical reviews and some of the good ones.
    const reply = random() < (rating >= 4 ? 0.25 : 0.7) ? pickFrom(random, replies) : null;
    out.push({
      traveller,
      rating,
      text,
      reply,
      // Two reviews per departure, departures a week or two apart, the latest a few days ago.
      daysAgo: tripDays + 3 + Math.floor(n / 2) * 11 + (index % 5),
      adults: 1 + Math.floor(random() * 2),
      writtenAfterDays: 1 + Math.floor(random() * 4),
    });
  }
  return out;
}
