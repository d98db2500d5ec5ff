-- pg_trgm: trigram indexes for the lists' `q` (ILIKE '%…%'); trusted since PostgreSQL 13, so the
-- database owner may create it. PGlite loads it at start (src/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "ticket_counts" (
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_counts_city_id_status_pk" PRIMARY KEY("city_id","status")
);
--> statement-breakpoint
CREATE TABLE "ticket_day_counts" (
	"city_id" integer NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_day_counts_city_id_status_day_pk" PRIMARY KEY("city_id","status","day")
);
--> statement-breakpoint
ALTER TABLE "ticket_counts" ADD CONSTRAINT "ticket_counts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_day_counts" ADD CONSTRAINT "ticket_day_counts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_day_counts_day_idx" ON "ticket_day_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tickets_title_trgm_idx" ON "tickets" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);
--> statement-breakpoint
-- Keeps ticket_counts and ticket_day_counts exact (ADR 0007): each statement on tickets changes them
-- by +1 per new row and -1 per old row, by city, status and UTC day, from its transition tables, in
-- the same transaction. An update that changes none of the three writes nothing. Counter rows are
-- written in the order of their keys, totals first, so two transactions never take them in opposite
-- orders.
CREATE FUNCTION "ticket_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ticket_counts" AS "c" ("city_id", "status", "n")
      SELECT "city_id", "status", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows") "delta"
       GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("city_id", "status") DO UPDATE SET "n" = "c"."n" + excluded."n";
    INSERT INTO "ticket_day_counts" AS "c" ("city_id", "status", "day", "n")
      SELECT "city_id", "status", "day", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows") "delta"
       GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("city_id", "status", "day") DO UPDATE SET "n" = "c"."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "ticket_counts" AS "c" ("city_id", "status", "n")
      SELECT "city_id", "status", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows" UNION ALL SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "d" FROM "old_rows") "delta"
       GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("city_id", "status") DO UPDATE SET "n" = "c"."n" + excluded."n";
    INSERT INTO "ticket_day_counts" AS "c" ("city_id", "status", "day", "n")
      SELECT "city_id", "status", "day", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows" UNION ALL SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "d" FROM "old_rows") "delta"
       GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("city_id", "status", "day") DO UPDATE SET "n" = "c"."n" + excluded."n";
  ELSE
    INSERT INTO "ticket_counts" AS "c" ("city_id", "status", "n")
      SELECT "city_id", "status", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "d" FROM "old_rows") "delta"
       GROUP BY 1, 2 HAVING sum("d") <> 0 ORDER BY 1, 2
    ON CONFLICT ("city_id", "status") DO UPDATE SET "n" = "c"."n" + excluded."n";
    INSERT INTO "ticket_day_counts" AS "c" ("city_id", "status", "day", "n")
      SELECT "city_id", "status", "day", sum("d")::int FROM (SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date AS "day", -1 AS "d" FROM "old_rows") "delta"
       GROUP BY 1, 2, 3 HAVING sum("d") <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("city_id", "status", "day") DO UPDATE SET "n" = "c"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_update" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_apply"();
--> statement-breakpoint
-- Counts every ticket again, writes blocked meanwhile: the backfill below, and after a bulk load that
-- bypassed the triggers (bench/seed-tickets.mjs loads with session_replication_role = replica).
CREATE FUNCTION "ticket_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "tickets" IN SHARE MODE;
  DELETE FROM "ticket_day_counts";
  DELETE FROM "ticket_counts";
  INSERT INTO "ticket_day_counts" ("city_id", "status", "day", "n")
    SELECT "city_id", "status", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "tickets" GROUP BY 1, 2, 3;
  INSERT INTO "ticket_counts" ("city_id", "status", "n")
    SELECT "city_id", "status", sum("n")::int FROM "ticket_day_counts" GROUP BY 1, 2;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no DML trigger: it empties the counts as well.
CREATE FUNCTION "ticket_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_day_counts";
  DELETE FROM "ticket_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tickets_counts_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_truncate"();
--> statement-breakpoint
SELECT "ticket_counts_rebuild"();
