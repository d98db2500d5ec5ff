-- The reports' sums kept per day (ADR 0083): one row per Asia/Kolkata day of receipt, chapter,
-- committee, status and channel, with what the reports add up over those tickets. Written only by
-- the database: a statement trigger on `tickets` adds each statement's change (new rows less old
-- ones, as the ticket counts of migration 0003 do). A database that already holds tickets is filled
-- day by day after this migration (`ticket_report_days_build_day`, one short transaction a day,
-- services/reports/rollup.ts); until then the reports read the tickets themselves.
CREATE TABLE "ticket_report_days" (
	"day" date NOT NULL,
	"city_id" integer NOT NULL,
	"committee_id" integer,
	"status" text NOT NULL,
	"intake_channel" text,
	"received" integer NOT NULL,
	"first_count" integer NOT NULL,
	"finished_count" integer NOT NULL,
	"rated" integer NOT NULL,
	"stars" integer NOT NULL,
	"reopened" integer NOT NULL,
	"appealed" integer NOT NULL,
	-- Per position of SLA_STAGES (review, resolution, approval, appeal): the tickets' `sla_met` and
	-- `sla_missed` summed.
	"met_1" integer NOT NULL,
	"met_2" integer NOT NULL,
	"met_3" integer NOT NULL,
	"met_4" integer NOT NULL,
	"missed_1" integer NOT NULL,
	"missed_2" integer NOT NULL,
	"missed_3" integer NOT NULL,
	"missed_4" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_report_days_key" ON "ticket_report_days" USING btree ("city_id", "day", "status", "committee_id", "intake_channel") NULLS NOT DISTINCT;--> statement-breakpoint
-- By day, with what the backlog adds up (received less finished, per chapter) for an index-only read.
CREATE INDEX "ticket_report_days_day_idx" ON "ticket_report_days" USING btree ("day") INCLUDE ("city_id", "received", "finished_count");--> statement-breakpoint
-- The tickets resolved now, per Asia/Kolkata day of their resolution, chapter and committee: the
-- time series' "resolved" line.
CREATE TABLE "ticket_resolution_days" (
	"day" date NOT NULL,
	"city_id" integer NOT NULL,
	"committee_id" integer,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_resolution_days_key" ON "ticket_resolution_days" USING btree ("city_id", "day", "committee_id") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "ticket_resolution_days_day_idx" ON "ticket_resolution_days" USING btree ("day");--> statement-breakpoint
-- Whether the rows are whole: `next_day` is the first day not yet built (null: every day is).
CREATE TABLE "ticket_report_days_build" (
	"one" boolean PRIMARY KEY DEFAULT true CHECK ("one"),
	"next_day" date,
	"last_day" date
);--> statement-breakpoint
-- Adds to the rows what the tickets `added` bring and takes away what the tickets `removed` brought
-- (a ticket's share of its day's row: one received, and each sum its columns give). Static
-- statements, planned once per connection: the trigger calls this on every write of a ticket.
CREATE FUNCTION "ticket_report_days_add"("added" "tickets"[], "removed" "tickets"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_report_days" AS "r"
	SELECT * FROM (
		SELECT ("created_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "city_id", "committee_id", "status", "intake_channel",
			sum("d")::int AS "received",
			sum(CASE WHEN "first_action_at" IS NOT NULL THEN "d" ELSE 0 END)::int AS "first_count",
			sum(CASE WHEN "finished_at" IS NOT NULL THEN "d" ELSE 0 END)::int AS "finished_count",
			sum(CASE WHEN ("status" = 'resolved' AND "resolved_stars" IS NOT NULL)
				OR ("status" = 'rejected' AND "rejected_stars" IS NOT NULL) THEN "d" ELSE 0 END)::int AS "rated",
			sum("d" * coalesce(CASE "status" WHEN 'resolved' THEN "resolved_stars" WHEN 'rejected' THEN "rejected_stars" END, 0))::int AS "stars",
			sum(CASE WHEN "reopened_at" IS NOT NULL THEN "d" ELSE 0 END)::int AS "reopened",
			sum(CASE WHEN "appealed_at" IS NOT NULL THEN "d" ELSE 0 END)::int AS "appealed",
			sum("d" * coalesce("sla_met"[1], 0))::int AS "met_1", sum("d" * coalesce("sla_met"[2], 0))::int AS "met_2",
			sum("d" * coalesce("sla_met"[3], 0))::int AS "met_3", sum("d" * coalesce("sla_met"[4], 0))::int AS "met_4",
			sum("d" * coalesce("sla_missed"[1], 0))::int AS "missed_1", sum("d" * coalesce("sla_missed"[2], 0))::int AS "missed_2",
			sum("d" * coalesce("sla_missed"[3], 0))::int AS "missed_3", sum("d" * coalesce("sla_missed"[4], 0))::int AS "missed_4"
		FROM (SELECT 1 AS "d", * FROM unnest("added") UNION ALL SELECT -1 AS "d", * FROM unnest("removed")) "delta"
		GROUP BY 1, 2, 3, 4, 5
	) "g"
	WHERE ("received", "first_count", "finished_count", "rated", "stars", "reopened", "appealed",
		"met_1", "met_2", "met_3", "met_4", "missed_1", "missed_2", "missed_3", "missed_4")
		<> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	ORDER BY "city_id", "day", "status", "committee_id", "intake_channel"
	ON CONFLICT ("city_id", "day", "status", "committee_id", "intake_channel") DO UPDATE SET
		"received" = "r"."received" + excluded."received",
		"first_count" = "r"."first_count" + excluded."first_count",
		"finished_count" = "r"."finished_count" + excluded."finished_count",
		"rated" = "r"."rated" + excluded."rated",
		"stars" = "r"."stars" + excluded."stars",
		"reopened" = "r"."reopened" + excluded."reopened",
		"appealed" = "r"."appealed" + excluded."appealed",
		"met_1" = "r"."met_1" + excluded."met_1", "met_2" = "r"."met_2" + excluded."met_2",
		"met_3" = "r"."met_3" + excluded."met_3", "met_4" = "r"."met_4" + excluded."met_4",
		"missed_1" = "r"."missed_1" + excluded."missed_1", "missed_2" = "r"."missed_2" + excluded."missed_2",
		"missed_3" = "r"."missed_3" + excluded."missed_3", "missed_4" = "r"."missed_4" + excluded."missed_4";
END
$$;--> statement-breakpoint
-- The same for `ticket_resolution_days`: the resolved tickets by the day they were resolved.
CREATE FUNCTION "ticket_resolution_days_add"("added" "tickets"[], "removed" "tickets"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "ticket_resolution_days" AS "r"
	SELECT * FROM (
		SELECT ("finished_at" AT TIME ZONE 'Asia/Kolkata')::date AS "day", "city_id", "committee_id", sum("d")::int AS "n"
		FROM (SELECT 1 AS "d", * FROM unnest("added") UNION ALL SELECT -1 AS "d", * FROM unnest("removed")) "delta"
		WHERE "status" = 'resolved' AND "finished_at" IS NOT NULL
		GROUP BY 1, 2, 3
	) "g"
	WHERE "n" <> 0
	ORDER BY "city_id", "day", "committee_id"
	ON CONFLICT ("city_id", "day", "committee_id") DO UPDATE SET "n" = "r"."n" + excluded."n";
END
$$;--> statement-breakpoint
-- Whether a ticket's update changes anything the rows add up.
CREATE FUNCTION "ticket_report_days_differ"("n" "tickets", "o" "tickets") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT ("n"."created_at", "n"."city_id", "n"."committee_id", "n"."status", "n"."intake_channel",
		"n"."first_action_at", "n"."finished_at", "n"."resolved_stars", "n"."rejected_stars",
		"n"."reopened_at", "n"."appealed_at", "n"."sla_met", "n"."sla_missed")
	IS DISTINCT FROM ("o"."created_at", "o"."city_id", "o"."committee_id", "o"."status", "o"."intake_channel",
		"o"."first_action_at", "o"."finished_at", "o"."resolved_stars", "o"."rejected_stars",
		"o"."reopened_at", "o"."appealed_at", "o"."sla_met", "o"."sla_missed");
$$;--> statement-breakpoint
CREATE FUNCTION "ticket_report_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"added" "tickets"[];
	"removed" "tickets"[];
BEGIN
	-- The transition tables' rows as `tickets` rows. An update adds and takes away only the tickets
	-- it changed in a way the rows add up: most (a stage, a due time, a holder, a text) change none.
	IF TG_OP = 'INSERT' THEN
		"added" := ARRAY(SELECT "n"::"tickets" FROM "new_rows" "n");
	ELSIF TG_OP = 'DELETE' THEN
		"removed" := ARRAY(SELECT "o"::"tickets" FROM "old_rows" "o");
	ELSE
		SELECT array_agg("n"::"tickets"), array_agg("o"::"tickets") INTO "added", "removed"
		FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id"
		WHERE ticket_report_days_differ("n"::"tickets", "o"::"tickets");
		IF "added" IS NULL THEN
			RETURN NULL;
		END IF;
	END IF;
	PERFORM ticket_report_days_add("added", "removed");
	PERFORM ticket_resolution_days_add("added", "removed");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_report_days_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_report_days_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_report_days_update" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_report_days_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_report_days_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_report_days_apply"();--> statement-breakpoint
-- The days to build: those of the tickets already there. Read after the triggers exist (a ticket
-- written from now on reaches the rows through them), from the ends of `tickets_created_idx`, and up
-- to today, so a ticket written while this migration runs is on a day that will be built.
INSERT INTO "ticket_report_days_build" ("next_day", "last_day")
	SELECT ("first" AT TIME ZONE 'Asia/Kolkata')::date,
		greatest(("last" AT TIME ZONE 'Asia/Kolkata')::date, (now() AT TIME ZONE 'Asia/Kolkata')::date)
	FROM (SELECT min("created_at") AS "first", max("created_at") AS "last" FROM "tickets") "ends"
	WHERE "first" IS NOT NULL
	UNION ALL SELECT NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM "tickets");--> statement-breakpoint
CREATE FUNCTION "ticket_report_days_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "ticket_report_days";
	DELETE FROM "ticket_resolution_days";
	UPDATE "ticket_report_days_build" SET "next_day" = NULL, "last_day" = NULL;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_report_days_truncate" AFTER TRUNCATE ON "tickets"
	FOR EACH STATEMENT EXECUTE FUNCTION "ticket_report_days_truncate"();--> statement-breakpoint
-- One day's rows replaced by what its tickets give: those received that day, and those resolved
-- that day (by the indexes of creation and finish times).
CREATE FUNCTION "ticket_report_days_fill_day"("wanted" date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"starts" timestamptz := "wanted"::timestamp AT TIME ZONE 'Asia/Kolkata';
	"ends" timestamptz := ("wanted" + 1)::timestamp AT TIME ZONE 'Asia/Kolkata';
BEGIN
	DELETE FROM "ticket_report_days" WHERE "day" = "wanted";
	PERFORM ticket_report_days_add(
		ARRAY(SELECT "t" FROM "tickets" "t" WHERE "t"."created_at" >= "starts" AND "t"."created_at" < "ends"), NULL);
	DELETE FROM "ticket_resolution_days" WHERE "day" = "wanted";
	PERFORM ticket_resolution_days_add(
		ARRAY(SELECT "t" FROM "tickets" "t" WHERE "t"."finished_at" >= "starts" AND "t"."finished_at" < "ends"), NULL);
END
$$;--> statement-breakpoint
-- One day's rows (received that day; resolved that day) computed afresh from its tickets, while
-- the tickets take no writes (a SHARE lock, held for that day's aggregate only: at most 142 ms at
-- 10,000,000 tickets). A change made after it reaches the rows through the trigger. Returns the
-- next day to build (null: done).
CREATE FUNCTION "ticket_report_days_build_day"("wanted" date) RETURNS date LANGUAGE plpgsql AS $$
DECLARE
	"following" date;
BEGIN
	LOCK TABLE "tickets" IN SHARE MODE;
	PERFORM ticket_report_days_fill_day("wanted");
	SELECT CASE WHEN "wanted" >= "last_day" THEN NULL ELSE "wanted" + 1 END INTO "following" FROM "ticket_report_days_build";
	UPDATE "ticket_report_days_build" SET "next_day" = "following", "last_day" = CASE WHEN "following" IS NULL THEN NULL ELSE "last_day" END
		WHERE "next_day" = "wanted";
	RETURN "following";
END
$$;--> statement-breakpoint
-- Every row afresh, day by day (the benchmark's bulk load, which bypasses the triggers).
CREATE FUNCTION "ticket_report_days_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"day" date;
BEGIN
	DELETE FROM "ticket_report_days";
	DELETE FROM "ticket_resolution_days";
	FOR "day" IN SELECT generate_series((min("created_at") AT TIME ZONE 'Asia/Kolkata')::date,
		greatest((max("created_at") AT TIME ZONE 'Asia/Kolkata')::date, (now() AT TIME ZONE 'Asia/Kolkata')::date), '1 day')::date
		FROM "tickets" LOOP
		PERFORM ticket_report_days_fill_day("day");
	END LOOP;
	UPDATE "ticket_report_days_build" SET "next_day" = NULL, "last_day" = NULL;
END
$$;
-- The partial indexes of the tickets with an open stage, which the reports read for the stages past
-- due at `now`, are built by the api with CREATE INDEX CONCURRENTLY (services/reports/rollup.ts):
-- here they would hold the tickets against writes while a large table is read.
