ALTER TABLE "reviews" ADD COLUMN "language" text DEFAULT 'ru' NOT NULL;--> statement-breakpoint
-- The reviews written so far take the language lib/reviews/language.ts detects: the script most letters are in
-- (a Chinese character counting as three letters), else the reviewer's language.
UPDATE "reviews" SET "language" = detected.language
FROM (
  SELECT r.id,
    CASE
      WHEN counts.ru = 0 AND counts.zh = 0 AND counts.en = 0 THEN u.locale
      WHEN counts.ru >= counts.zh AND counts.ru >= counts.en THEN 'ru'
      WHEN counts.zh >= counts.en THEN 'zh'
      ELSE 'en'
    END AS language
  FROM "reviews" r
  JOIN "users" u ON u.id = r.author_id
  CROSS JOIN LATERAL (
    SELECT
      length(regexp_replace(r.text, '[^Ѐ-ӿ]', '', 'g')) AS ru,
      3 * length(regexp_replace(r.text, '[^一-鿿㐀-䶿]', '', 'g')) AS zh,
      length(regexp_replace(r.text, '[^A-Za-zÀ-ɏ]', '', 'g')) AS en
  ) counts
) detected
WHERE detected.id = "reviews".id;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_language_known" CHECK ("reviews"."language" in ('ru', 'en', 'zh'));
