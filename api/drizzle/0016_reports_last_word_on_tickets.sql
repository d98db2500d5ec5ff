DROP INDEX "tickets_reopened_created_idx";--> statement-breakpoint
DROP INDEX "tickets_last_word_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolved_stars" smallint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rejected_stars" smallint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
-- The member's last word on the ticket row (ADR 0040): the rating of each outcome and the appeal's
-- filing time, kept by triggers, so the reports count them in the covering indexes' one pass.
CREATE FUNCTION "ticket_rating_on_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD."outcome" = 'resolved' THEN
			UPDATE "tickets" SET "resolved_stars" = NULL WHERE "id" = OLD."ticket_id";
		ELSE
			UPDATE "tickets" SET "rejected_stars" = NULL WHERE "id" = OLD."ticket_id";
		END IF;
	ELSIF NEW."outcome" = 'resolved' THEN
		UPDATE "tickets" SET "resolved_stars" = NEW."stars" WHERE "id" = NEW."ticket_id";
	ELSE
		UPDATE "tickets" SET "rejected_stars" = NEW."stars" WHERE "id" = NEW."ticket_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_ratings_on_ticket" AFTER INSERT OR UPDATE OF "stars" OR DELETE ON "ticket_ratings"
	FOR EACH ROW EXECUTE FUNCTION "ticket_rating_on_ticket"();--> statement-breakpoint
CREATE FUNCTION "ticket_appeal_on_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "tickets" SET "appealed_at" = NULL WHERE "id" = OLD."ticket_id";
	ELSE
		UPDATE "tickets" SET "appealed_at" = NEW."filed_at" WHERE "id" = NEW."ticket_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_appeals_on_ticket" AFTER INSERT OR DELETE ON "ticket_appeals"
	FOR EACH ROW EXECUTE FUNCTION "ticket_appeal_on_ticket"();--> statement-breakpoint
-- The ratings and appeals given before (and after a bulk load with triggers off): one pass.
CREATE FUNCTION "ticket_last_word_backfill"() RETURNS void LANGUAGE sql AS $$
	UPDATE "tickets" t SET "resolved_stars" = w."resolved_stars", "rejected_stars" = w."rejected_stars",
		"appealed_at" = w."appealed_at"
	FROM (
		SELECT coalesce(r."ticket_id", a."ticket_id") AS "ticket_id", r."resolved_stars", r."rejected_stars",
			a."filed_at" AS "appealed_at"
		FROM (
			SELECT "ticket_id",
				max("stars") FILTER (WHERE "outcome" = 'resolved')::smallint AS "resolved_stars",
				max("stars") FILTER (WHERE "outcome" = 'rejected')::smallint AS "rejected_stars"
			FROM "ticket_ratings" GROUP BY "ticket_id"
		) r
		FULL JOIN "ticket_appeals" a ON a."ticket_id" = r."ticket_id"
	) w
	WHERE w."ticket_id" = t."id";
$$;--> statement-breakpoint
SELECT "ticket_last_word_backfill"();--> statement-breakpoint
-- The covering indexes carry the last word too (null for most tickets: a bit of the null map each).
DROP INDEX "tickets_reports_city_idx";--> statement-breakpoint
DROP INDEX "tickets_reports_created_idx";--> statement-breakpoint
CREATE INDEX "tickets_reports_city_idx" ON "tickets" USING btree ("city_id", "created_at")
	INCLUDE ("status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed",
		"resolved_stars", "rejected_stars", "reopened_at", "appealed_at");--> statement-breakpoint
CREATE INDEX "tickets_reports_created_idx" ON "tickets" USING btree ("created_at")
	INCLUDE ("city_id", "status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed",
		"resolved_stars", "rejected_stars", "reopened_at", "appealed_at");
