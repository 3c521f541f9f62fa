import type { CancellationPolicy } from '@/lib/bookings/cancellation';
import type { Localized, SeedIdea } from './types';

/** Where the demo ideas' groups meet, by place: a landmark a visitor finds without help. */
const MEETING_POINTS: Record<number, Localized> = {
  2: {
    ru: 'Посёлок Славянка, у здания морского вокзала',
    en: 'Slavyanka, by the ferry terminal building',
    zh: '斯拉维扬卡镇，海运码头大楼旁',
  },
  3: {
    ru: 'Село Лазо, у визит-центра заповедника на улице Центральной',
    en: 'Lazo village, at the reserve’s visitor centre on Tsentralnaya Street',
    zh: '拉佐村，中央街保护区游客中心门口',
  },
  4: {
    ru: 'Посёлок Шкотово, парковка у автостанции',
    en: 'Shkotovo, the car park by the bus station',
    zh: '什科托沃镇，汽车站旁停车场',
  },
  5: {
    ru: 'Находка, площадь у железнодорожного вокзала',
    en: 'Nakhodka, the square in front of the railway station',
    zh: '纳霍德卡，火车站前广场',
  },
  6: {
    ru: 'Уссурийск, у фонтана на Центральной площади',
    en: 'Ussuriysk, by the fountain on Central Square',
    zh: '乌苏里斯克，中央广场喷泉旁',
  },
  7: {
    ru: 'Владивосток, у главного входа железнодорожного вокзала',
    en: 'Vladivostok, at the main entrance of the railway station',
    zh: '海参崴火车站正门口',
  },
  8: {
    ru: 'Русский остров, у главного входа в Приморский океанариум',
    en: 'Russky Island, at the main entrance of the Primorsky Aquarium',
    zh: '俄罗斯岛，滨海水族馆正门口',
  },
  9: {
    ru: 'Площадь Борцов за власть Советов, у памятника, со стороны Светланской',
    en: 'Central Square (Fighters for Soviet Power), by the monument, on the Svetlanskaya side',
    zh: '中央广场（苏维埃政权战士广场）纪念碑旁，斯韦特兰斯卡亚街一侧',
  },
  10: {
    ru: 'Эгершельд, у входа на Токаревский маяк со стороны парковки',
    en: 'Egersheld, at the path to the Tokarevsky Lighthouse, by the car park',
    zh: '埃格尔舍尔德，托卡列夫斯基灯塔步道入口停车场旁',
  },
  11: {
    ru: 'Полуостров Чуркина, у причала парома на мысе Чуркина',
    en: 'Churkin Peninsula, at the ferry pier on Cape Churkin',
    zh: '丘尔金半岛，丘尔金角轮渡码头',
  },
  12: {
    ru: 'Станция «Санаторная», у выхода с платформы к морю',
    en: 'Sanatornaya station, at the platform exit towards the sea',
    zh: '“疗养院”火车站，通往海边的站台出口',
  },
  13: {
    ru: 'Бухта Шамора, у конечной остановки автобуса № 28',
    en: 'Shamora Bay, at the last stop of bus No. 28',
    zh: '沙莫拉湾，28路公交车终点站',
  },
  14: {
    ru: 'Морской вокзал Владивостока, у касс пригородных паромов',
    en: 'Vladivostok Sea Terminal, by the suburban ferry ticket office',
    zh: '海参崴海运码头，郊区轮渡售票处旁',
  },
  15: {
    ru: 'Посёлок Витязь, у ворот базы отдыха «Витязь»',
    en: 'Vityaz village, at the gate of the Vityaz holiday camp',
    zh: '维佳济村，“维佳济”度假营大门口',
  },
  16: {
    ru: 'Визит-центр «Земля леопарда» в посёлке Барабаш',
    en: 'The Land of the Leopard visitor centre in Barabash',
    zh: '巴拉巴什镇，“豹之乡”游客中心',
  },
  17: {
    ru: 'Славянка, у причала яхт-клуба',
    en: 'Slavyanka, at the yacht club pier',
    zh: '斯拉维扬卡，游艇俱乐部码头',
  },
  18: {
    ru: 'Село Лазо, у здания дирекции заповедника',
    en: 'Lazo village, at the nature reserve’s head office',
    zh: '拉佐村，保护区管理处大楼前',
  },
  19: {
    ru: 'Бухта Киевка, у лодочной станции',
    en: 'Kievka Bay, at the boat station',
    zh: '基耶夫卡湾，游船站',
  },
  20: {
    ru: 'Посёлок Штыково, у магазина на повороте к плато',
    en: 'Shtykovo village, by the shop at the turn to the plateau',
    zh: '什特科沃村，通往高原路口的商店旁',
  },
  21: {
    ru: 'Посёлок Анисимовка, у начала тропы на Пидан',
    en: 'Anisimovka village, at the start of the Pidan trail',
    zh: '阿尼西莫夫卡村，皮丹山步道起点',
  },
  22: {
    ru: 'Бухта Врангеля, у проходной порта Восточный',
    en: 'Wrangel Bay, at the gate of Vostochny Port',
    zh: '弗兰格尔湾，东方港入口',
  },
  23: {
    ru: 'Партизанск, у здания автовокзала',
    en: 'Partizansk, at the bus station building',
    zh: '游击队城，汽车站大楼前',
  },
  24: {
    ru: 'Дальнегорск, у краеведческого музея на проспекте 50 лет Октября',
    en: 'Dalnegorsk, at the local history museum on 50 Let Oktyabrya Avenue',
    zh: '达利涅戈尔斯克，十月五十周年大街地方志博物馆门前',
  },
  25: {
    ru: 'Село Камень-Рыболов, у пирса на набережной',
    en: 'Kamen-Rybolov village, at the pier on the waterfront',
    zh: '卡缅-雷博洛夫村，滨湖堤岸码头',
  },
  26: {
    ru: 'Артём, у входа в аэропорт Владивосток (терминал A)',
    en: 'Artyom, at the entrance of Vladivostok airport (terminal A)',
    zh: '阿尔乔姆，海参崴机场A航站楼入口',
  },
};

/**
 * A demo idea's terms: most cancel free until a day before, multi-day tours a week before, sea trips three days
 * before (the weather decides late), and a few master classes are non-refundable. The meeting point is a short
 * walk from the idea's own position.
 */
/** The demo shows both booking modes: these ideas are booked on request, answered by their guide within a day. */
export const ON_REQUEST_IDEAS: ReadonlySet<string> = new Set(['lazo-petrov-island-tour']);

export function seedTerms(
  idea: SeedIdea,
  index: number,
): {
  bookingMode: 'instant' | 'request';
  responseHours: number;
  cancellationPolicy: CancellationPolicy;
  meetingPoint: Localized;
  meetingLat: number;
  meetingLon: number;
} {
  const cancellationPolicy: CancellationPolicy =
    idea.ideaTypeId === 2
      ? 'free_7d'
      : idea.categoryId === 3
        ? 'free_72h'
        : idea.ideaTypeId === 3 && index % 3 === 0
          ? 'non_refundable'
          : 'free_24h';
  return {
    bookingMode: ON_REQUEST_IDEAS.has(idea.key) ? 'request' : 'instant',
    responseHours: 24,
    cancellationPolicy,
    meetingPoint: MEETING_POINTS[idea.placeId] ?? MEETING_POINTS[7],
    meetingLat: Math.round((idea.lat + 0.0012) * 1e5) / 1e5,
    meetingLon: Math.round((idea.lon - 0.0009) * 1e5) / 1e5,
  };
}
