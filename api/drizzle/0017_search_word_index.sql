-- `q`'s words in date order (ADR 0043): one row per word of each ticket (its title's and its
-- member's name's, as `ticket_search_words` of migration 0005 splits them), with what the lists
-- filter by, so that a search reads each word's tickets newest first and stops when it has its
-- page and its bounded count. They replace the `search_words` column, its GIN index and the walk
-- over `tickets_search_walk_idx` (ADR 0018), which read 14,000 tickets to count 1,000 of a common
-- surname.
CREATE TABLE "ticket_words" (
	"word" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ticket_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
-- A ticket's words, from its title and its member (the one definition: `ticket_search_words`).
CREATE FUNCTION "ticket_word_list"("title" text, "customer_id" integer) RETURNS text[]
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT tsvector_to_array("ticket_search_words"("title",
    (SELECT "full_name" FROM "users" WHERE "id" = "customer_id"))) $$;
--> statement-breakpoint
-- Every ticket's words in one pass (this migration, and the benchmark's bulk load, whose inserts
-- fire no trigger): on a table without them.
CREATE FUNCTION "ticket_words_backfill"() RETURNS void LANGUAGE sql AS $$
INSERT INTO "ticket_words" ("word", "created_at", "ticket_id", "city_id", "status")
  SELECT "w"."word", "t"."created_at", "t"."id", "t"."city_id", "t"."status"
    FROM "tickets" AS "t" JOIN "users" AS "u" ON "u"."id" = "t"."customer_id",
         unnest(tsvector_to_array("ticket_search_words"("t"."title", "u"."full_name"))) AS "w"("word")
$$;
--> statement-breakpoint
SELECT "ticket_words_backfill"();
--> statement-breakpoint
-- Written here, not in schema.ts: drizzle's index builder has no INCLUDE. The city and status make
-- the city-scoped and status-filtered searches index-only too.
CREATE INDEX "ticket_words_idx" ON "ticket_words" USING btree ("word", "created_at" DESC, "ticket_id" DESC) INCLUDE ("city_id", "status");
--> statement-breakpoint
-- A search reads the newest entries first, and reads them from the index alone only on pages the
-- visibility map marks all-visible: vacuumed after 1 % new or changed rows, not PostgreSQL's
-- default 20 % (at 1,000,000 tickets, the words of the last 200,000 would be read from the table).
ALTER TABLE "ticket_words" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01);
--> statement-breakpoint
-- Kept with the ticket: its rows found through the index by its words (the table has no index by
-- ticket, and needs none: the old words are known from the old title and member).
CREATE FUNCTION "tickets_words_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD."title" IS DISTINCT FROM NEW."title"
      OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")) THEN
    DELETE FROM "ticket_words"
     WHERE "word" = ANY("ticket_word_list"(OLD."title", OLD."customer_id"))
       AND "created_at" = OLD."created_at" AND "ticket_id" = OLD."id";
    IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD."city_id" IS DISTINCT FROM NEW."city_id" OR OLD."status" IS DISTINCT FROM NEW."status" THEN
      UPDATE "ticket_words" SET "city_id" = NEW."city_id", "status" = NEW."status"
       WHERE "word" = ANY("ticket_word_list"(NEW."title", NEW."customer_id"))
         AND "created_at" = NEW."created_at" AND "ticket_id" = NEW."id";
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO "ticket_words" ("word", "created_at", "ticket_id", "city_id", "status")
    SELECT "w", NEW."created_at", NEW."id", NEW."city_id", NEW."status"
      FROM unnest("ticket_word_list"(NEW."title", NEW."customer_id")) AS "w";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_words" AFTER INSERT OR DELETE OR UPDATE OF "title", "customer_id", "created_at", "city_id", "status"
  ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_words_keep"();
--> statement-breakpoint
-- A member renamed: their tickets' words follow (the old name's words out, the new name's in).
CREATE FUNCTION "users_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_words" AS "k" USING "tickets" AS "t"
   WHERE "t"."customer_id" = NEW."id" AND "k"."ticket_id" = "t"."id" AND "k"."created_at" = "t"."created_at"
     AND "k"."word" = ANY(tsvector_to_array("ticket_search_words"("t"."title", OLD."full_name")));
  INSERT INTO "ticket_words" ("word", "created_at", "ticket_id", "city_id", "status")
    SELECT "w", "t"."created_at", "t"."id", "t"."city_id", "t"."status"
      FROM "tickets" AS "t", unnest(tsvector_to_array("ticket_search_words"("t"."title", NEW."full_name"))) AS "w"
     WHERE "t"."customer_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_words" AFTER UPDATE OF "full_name" ON "users"
  FOR EACH ROW WHEN (OLD."full_name" IS DISTINCT FROM NEW."full_name")
  EXECUTE FUNCTION "users_words_follow"();
--> statement-breakpoint
DROP TRIGGER "users_search_words" ON "users";--> statement-breakpoint
DROP FUNCTION "users_search_words_follow"();--> statement-breakpoint
DROP TRIGGER "tickets_search_words" ON "tickets";--> statement-breakpoint
DROP FUNCTION "tickets_search_words_set"();--> statement-breakpoint
DROP INDEX "tickets_search_walk_idx";--> statement-breakpoint
DROP INDEX "tickets_search_words_idx";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "search_words";
