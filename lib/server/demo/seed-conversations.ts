import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { toHid } from '../db/hids';
import { conversations, messages } from '../db/schema';
import { SEED_IDEAS } from './content/ideas';

type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who writes a line: the demo traveller or the idea's guide; minutes before the seed's time. */
type Line = [who: 'traveller' | 'guide', minutesAgo: number, text: string];

/** The demo traveller's questions to guides (ru and en), so that a fresh inbox is not empty. */
const THREADS: Line[][] = [
  [
    ['traveller', 3 * 24 * 60, 'Здравствуйте! Можно ли поехать с ребёнком 6 лет? Нужна ли особая обувь?'],
    ['guide', 3 * 24 * 60 - 45, 'Здравствуйте! Да, с шести лет можно. Обувь — удобные кроссовки, тропа несложная.'],
    ['traveller', 2 * 24 * 60, 'Спасибо! А если будет дождь, поездка состоится?'],
    ['guide', 2 * 24 * 60 - 30, 'В лёгкий дождь идём, в шторм переносим на другой день без доплаты.'],
  ],
  [
    ['traveller', 26 * 60, 'Hello! Do you guide in English? We are two adults from Singapore.'],
    ['guide', 25 * 60, 'Hi! Yes, the whole trip can be in English. Happy to have you.'],
    ['traveller', 24 * 60, 'Great. Is lunch included or should we bring food?'],
    ['guide', 90, 'Bring water and a snack; we stop at a café on the way back, about 600 ₽ per person.'],
  ],
  [
    ['traveller', 5 * 60, 'Добрый день! Есть ли места на ближайшие выходные для 3 человек?'],
    ['guide', 40, 'Добрый день! На субботу осталось 4 места, на воскресенье — 2.'],
  ],
];

/**
 * Conversations of the demo traveller with the guides of published ideas they have not been on (those trips would
 * show contacts). The traveller has not read the guide's latest answers, so the inbox shows unread counts.
 */
export async function seedConversations(tx: SeedTx, now: Date, travellerId: number, skipIdeas: number): Promise<void> {
  const published = SEED_IDEAS.map((idea, index) => ({ idea, id: index + 1 })).filter(
    ({ idea }) => idea.status === 'published',
  );
  let messageId = 0;
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  THREADS.forEach((lines, i) => {
    const { idea, id: ideaId } = published[skipIdeas + i];
    const guideId = idea.author + 1;
    const conversationId = i + 1;
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    let lastTravellerMessage = 0;
    for (const [who, minutesAgo, text] of lines) {
      messageId++;
      if (who === 'traveller') lastTravellerMessage = messageId;
      messageRows.push({
        id: messageId,
        hid: toHid(messageId),
        conversationId,
        senderId: who === 'traveller' ? travellerId : guideId,
        text,
        createdAt: at(minutesAgo),
      });
    }
    conversationRows.push({
      id: conversationId,
      hid: toHid(conversationId),
      ideaId,
      travellerId,
      guideId,
      lastMessageAt: at(lines.at(-1)![1]),
      travellerReadId: lastTravellerMessage,
      guideReadId: messageId,
      createdAt: at(lines[0][1]),
    });
  });
  await tx.insert(conversations).values(conversationRows);
  await tx.insert(messages).values(messageRows);
  for (const table of ['conversations', 'messages'])
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
      ),
    );
}
