-- `q` searches words (ADR 0018): every word of the search starts a word of the ticket's title or of
-- its member's name. The words live on the ticket (`search_words`, full text with the 'simple'
-- configuration: lowercased, no stemming, no stop words) so one GIN index answers the page and a
-- bounded count; the trigram indexes of migration 0003 are no longer read.
DROP INDEX "tickets_title_trgm_idx";--> statement-breakpoint
DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_words" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- The one definition of a ticket's words; the triggers below and the benchmark's bulk load call it.
CREATE FUNCTION "ticket_search_words"("title" text, "member_name" text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("member_name", '')) $$;
--> statement-breakpoint
UPDATE "tickets" AS "t" SET "search_words" = "ticket_search_words"("t"."title", "u"."full_name")
  FROM "users" AS "u" WHERE "u"."id" = "t"."customer_id";
--> statement-breakpoint
CREATE FUNCTION "tickets_search_words_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_words" := "ticket_search_words"(NEW."title",
    (SELECT "full_name" FROM "users" WHERE "id" = NEW."customer_id"));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_search_words" BEFORE INSERT OR UPDATE OF "title", "customer_id" ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "tickets_search_words_set"();
--> statement-breakpoint
-- A member renamed: their tickets' words follow.
CREATE FUNCTION "users_search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tickets" SET "search_words" = "ticket_search_words"("title", NEW."full_name")
   WHERE "customer_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_words" AFTER UPDATE OF "full_name" ON "users"
  FOR EACH ROW WHEN (OLD."full_name" IS DISTINCT FROM NEW."full_name")
  EXECUTE FUNCTION "users_search_words_follow"();
--> statement-breakpoint
CREATE INDEX "tickets_search_words_idx" ON "tickets" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");
--> statement-breakpoint
-- A search of common words reads the newest tickets in date order (ADR 0018): this index holds what
-- it tests, so the read touches the index alone. Written here, not in schema.ts: drizzle's index
-- builder has no INCLUDE.
CREATE INDEX "tickets_search_walk_idx" ON "tickets" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_words","customer_id");
