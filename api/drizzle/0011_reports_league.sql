CREATE TABLE "chapter_month_snapshots" (
	"city_id" integer NOT NULL,
	"month" date NOT NULL,
	"city_name" text NOT NULL,
	"received" integer NOT NULL,
	"resolved" integer NOT NULL,
	"rejected" integer NOT NULL,
	"open" integer NOT NULL,
	"backlog" integer NOT NULL,
	"first_action_median_hours" double precision,
	"resolution_median_hours" double precision,
	"resolution_p90_hours" double precision,
	"within_sla_share" double precision,
	"rating_average" double precision,
	"answer_rate" double precision,
	"reopen_rate" double precision,
	"appeal_rate" double precision,
	"league_index" double precision,
	"rank" integer,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chapter_month_snapshots_city_id_month_pk" PRIMARY KEY("city_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_month_mailings" (
	"month" date PRIMARY KEY NOT NULL,
	"messages" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapter_month_snapshots" ADD CONSTRAINT "chapter_month_snapshots_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_month_snapshots_month_idx" ON "chapter_month_snapshots" USING btree ("month");--> statement-breakpoint
-- The reports' times of a ticket (ADR 0040), kept from its history: the first entry by staff (an
-- action, a reply, a note; not the submit, the member or the scheduler) is its first action; an
-- entry that leaves it resolved or rejected finishes it (the first such after it was last open), an
-- entry that leaves it in any other status (a reopen, a remand) makes it open again.
CREATE FUNCTION "ticket_report_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."actor_id" IS NOT NULL AND NEW."actor_role" IS NOT NULL AND NEW."actor_role" <> 'customer'
		AND NEW."action" <> 'submitted' THEN
		UPDATE "tickets" SET "first_action_at" = NEW."created_at"
		WHERE "id" = NEW."ticket_id" AND "first_action_at" IS NULL;
	END IF;
	IF NEW."status_after" IN ('resolved', 'rejected') THEN
		UPDATE "tickets" SET "finished_at" = NEW."created_at"
		WHERE "id" = NEW."ticket_id" AND "finished_at" IS NULL;
	ELSIF NEW."status_after" IS NOT NULL THEN
		UPDATE "tickets" SET "finished_at" = NULL
		WHERE "id" = NEW."ticket_id" AND "finished_at" IS NOT NULL;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_comments_report_times" AFTER INSERT ON "ticket_comments"
	FOR EACH ROW EXECUTE FUNCTION "ticket_report_times"();--> statement-breakpoint
-- The same times for the tickets already there (and for a bulk load that skipped the trigger, such
-- as bench/seed-tickets.mjs): one pass over the history, one UPDATE of each ticket that has one
-- (every row of `tickets` rewritten once, not once per column).
CREATE FUNCTION "ticket_report_times_backfill"() RETURNS void LANGUAGE sql AS $$
	UPDATE "tickets" t SET "first_action_at" = f."first_action",
		"finished_at" = CASE WHEN t."status" IN ('resolved', 'rejected') THEN coalesce(f."finished", t."updated_at") END
	FROM (
		SELECT c."ticket_id",
			min(c."created_at") FILTER (
				WHERE c."actor_id" IS NOT NULL AND c."actor_role" IS NOT NULL AND c."actor_role" <> 'customer'
					AND c."action" <> 'submitted'
			) AS "first_action",
			min(c."created_at") FILTER (
				WHERE c."status_after" IN ('resolved', 'rejected') AND (o."opened" IS NULL OR c."created_at" > o."opened")
			) AS "finished"
		FROM "ticket_comments" c
		JOIN (
			SELECT "ticket_id", max("created_at") FILTER (WHERE "status_after" NOT IN ('resolved', 'rejected')) AS "opened"
			FROM "ticket_comments" GROUP BY "ticket_id"
		) o ON o."ticket_id" = c."ticket_id"
		GROUP BY c."ticket_id"
	) f
	WHERE f."ticket_id" = t."id" AND (f."first_action" IS NOT NULL OR t."status" IN ('resolved', 'rejected'));
	UPDATE "tickets" SET "finished_at" = "updated_at"
	WHERE "status" IN ('resolved', 'rejected') AND "finished_at" IS NULL;
$$;--> statement-breakpoint
SELECT "ticket_report_times_backfill"();--> statement-breakpoint
-- A month's snapshot never changes once written (docs/league-table.md): no UPDATE, whoever asks.
CREATE FUNCTION "chapter_month_snapshots_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'chapter_month_snapshots rows are immutable';
END $$;--> statement-breakpoint
CREATE TRIGGER "chapter_month_snapshots_no_update" BEFORE UPDATE ON "chapter_month_snapshots"
	FOR EACH ROW EXECUTE FUNCTION "chapter_month_snapshots_frozen"();--> statement-breakpoint
CREATE INDEX "tickets_city_finished_idx" ON "tickets" USING btree ("city_id","finished_at") WHERE "tickets"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_finished_idx" ON "tickets" USING btree ("finished_at") WHERE "tickets"."finished_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_city_open_created_idx" ON "tickets" USING btree ("city_id","created_at") WHERE "tickets"."finished_at" is null;
