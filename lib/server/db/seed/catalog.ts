import type { SeedCategory, SeedPlace } from './types';

/** Categories: the id is also the colour class. 2 = weekend and 7 = travel time, as SPEC section 9 expects. */
export const SEED_CATEGORIES: SeedCategory[] = [
  { id: 1, color: 1, title: { ru: 'Город', en: 'City', zh: '城市' } },
  { id: 2, color: 2, title: { ru: 'На выходные', en: 'Weekend', zh: '周末出游' } },
  { id: 3, color: 3, title: { ru: 'Море и острова', en: 'Sea & islands', zh: '海洋与海岛' } },
  { id: 4, color: 4, title: { ru: 'Гастрономия', en: 'Food & drink', zh: '美食' } },
  { id: 5, color: 5, title: { ru: 'Активный отдых', en: 'Active', zh: '户外运动' } },
  { id: 6, color: 6, title: { ru: 'Природа и походы', en: 'Nature & hiking', zh: '自然与徒步' } },
  { id: 7, color: 7, title: { ru: 'Время путешествовать', en: 'Time to travel', zh: '远行时光' } },
  { id: 8, color: 8, title: { ru: 'С детьми', en: 'With kids', zh: '亲子' } },
];

/** Idea types; 4 is the plain "trip idea" the simple listing asks for. */
export const SEED_IDEA_TYPES = [
  { id: 1, title: { ru: 'Экскурсия', en: 'Excursion', zh: '游览' } },
  { id: 2, title: { ru: 'Тур', en: 'Tour', zh: '多日游' } },
  { id: 3, title: { ru: 'Активность', en: 'Activity', zh: '活动' } },
  { id: 4, title: { ru: 'Идея для поездки', en: 'Trip idea', zh: '旅行灵感' } },
];

export const SEED_CURRENCIES = [
  { code: 'RUB', symbol: '₽', decimals: 0, rate: 1, name: { ru: 'Российский рубль', en: 'Russian rouble', zh: '俄罗斯卢布' } },
  { code: 'CNY', symbol: '¥', decimals: 2, rate: 12.5, name: { ru: 'Китайский юань', en: 'Chinese yuan', zh: '人民币' } },
  { code: 'USD', symbol: '$', decimals: 2, rate: 90, name: { ru: 'Доллар США', en: 'US dollar', zh: '美元' } },
  { code: 'EUR', symbol: '€', decimals: 2, rate: 98, name: { ru: 'Евро', en: 'Euro', zh: '欧元' } },
];

/**
 * The place tree: Primorye at the top, Vladivostok (id 7, the main place) with its districts and
 * Russky Island under it, and the rest of the region beside it.
 */
export const SEED_PLACES: SeedPlace[] = [
  { id: 1, parentId: 0, popularity: 50, lat: 44.0, lon: 134.5, title: { ru: 'Приморский край', en: 'Primorye', zh: '滨海边疆区' } },
  { id: 2, parentId: 1, popularity: 60, lat: 42.73, lon: 130.8, title: { ru: 'Хасанский район', en: 'Khasan District', zh: '哈桑区' } },
  { id: 3, parentId: 1, popularity: 55, lat: 43.2, lon: 133.55, title: { ru: 'Лазовский район', en: 'Lazovsky District', zh: '拉佐区' } },
  { id: 4, parentId: 1, popularity: 45, lat: 43.33, lon: 132.35, title: { ru: 'Шкотовский район', en: 'Shkotovo District', zh: '什科托沃区' } },
  { id: 5, parentId: 1, popularity: 70, lat: 42.82, lon: 132.87, title: { ru: 'Находка', en: 'Nakhodka', zh: '纳霍德卡' } },
  { id: 6, parentId: 1, popularity: 40, lat: 43.8, lon: 131.95, title: { ru: 'Уссурийск', en: 'Ussuriysk', zh: '乌苏里斯克（双城子）' } },
  { id: 7, parentId: 1, popularity: 100, lat: 43.1155, lon: 131.8855, title: { ru: 'Владивосток', en: 'Vladivostok', zh: '符拉迪沃斯托克（海参崴）' } },
  { id: 8, parentId: 7, popularity: 95, lat: 42.97, lon: 131.8, title: { ru: 'Русский остров', en: 'Russky Island', zh: '俄罗斯岛' } },
  { id: 9, parentId: 7, popularity: 90, lat: 43.116, lon: 131.885, title: { ru: 'Центр Владивостока', en: 'Vladivostok city centre', zh: '海参崴市中心' } },
  { id: 10, parentId: 7, popularity: 50, lat: 43.098, lon: 131.86, title: { ru: 'Эгершельд', en: 'Egersheld', zh: '埃格尔舍尔德' } },
  { id: 11, parentId: 7, popularity: 45, lat: 43.09, lon: 131.93, title: { ru: 'Полуостров Чуркина', en: 'Churkin Peninsula', zh: '丘尔金半岛' } },
  { id: 12, parentId: 7, popularity: 40, lat: 43.24, lon: 131.99, title: { ru: 'Седанка и Океанская', en: 'Sedanka & Okeanskaya', zh: '谢丹卡与奥克安斯卡亚' } },
  { id: 13, parentId: 7, popularity: 35, lat: 43.05, lon: 131.95, title: { ru: 'Патрокл и Шамора', en: 'Patrokl & Shamora', zh: '帕特罗克尔与沙莫拉湾' } },
  { id: 14, parentId: 7, popularity: 30, lat: 43.04, lon: 131.87, title: { ru: 'Остров Попова', en: 'Popov Island', zh: '波波夫岛' } },
  { id: 15, parentId: 2, popularity: 50, lat: 42.62, lon: 131.2, title: { ru: 'Полуостров Гамова', en: 'Gamov Peninsula', zh: '加莫夫半岛' } },
  { id: 16, parentId: 2, popularity: 40, lat: 43.1, lon: 131.45, title: { ru: 'Земля леопарда', en: 'Land of the Leopard', zh: '豹之乡国家公园' } },
  { id: 17, parentId: 2, popularity: 35, lat: 42.86, lon: 131.4, title: { ru: 'Славянка', en: 'Slavyanka', zh: '斯拉维扬卡' } },
  { id: 18, parentId: 3, popularity: 35, lat: 43.0, lon: 134.0, title: { ru: 'Лазовский заповедник', en: 'Lazovsky Nature Reserve', zh: '拉佐自然保护区' } },
  { id: 19, parentId: 3, popularity: 30, lat: 42.8, lon: 133.7, title: { ru: 'Остров Петрова', en: 'Petrov Island', zh: '彼得罗夫岛' } },
  { id: 20, parentId: 4, popularity: 45, lat: 43.42, lon: 132.6, title: { ru: 'Шкотовское плато', en: 'Shkotovo Plateau', zh: '什科托沃高原' } },
  { id: 21, parentId: 4, popularity: 40, lat: 43.25, lon: 132.5, title: { ru: 'Гора Пидан', en: 'Mount Pidan', zh: '皮丹山' } },
  { id: 22, parentId: 5, popularity: 35, lat: 42.78, lon: 132.9, title: { ru: 'Бухта Врангеля', en: 'Wrangel Bay', zh: '弗兰格尔湾' } },
  { id: 23, parentId: 1, popularity: 30, lat: 43.05, lon: 133.0, title: { ru: 'Партизанский район', en: 'Partizansky District', zh: '游击队区' } },
  { id: 24, parentId: 1, popularity: 25, lat: 44.55, lon: 135.6, title: { ru: 'Дальнегорск', en: 'Dalnegorsk', zh: '达利涅戈尔斯克' } },
  { id: 25, parentId: 1, popularity: 25, lat: 45.0, lon: 132.4, title: { ru: 'Озеро Ханка', en: 'Lake Khanka', zh: '兴凯湖' } },
  { id: 26, parentId: 1, popularity: 20, lat: 43.35, lon: 132.19, title: { ru: 'Артём', en: 'Artyom', zh: '阿尔乔姆' } },
];
