ALTER TABLE "ticket_stages" DROP CONSTRAINT "ticket_stages_stage_check";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_met" smallint[] DEFAULT '{0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_missed" smallint[] DEFAULT '{0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_stages" ADD CONSTRAINT "ticket_stages_stage_check" CHECK ("ticket_stages"."stage" in ('review', 'resolution', 'approval', 'appeal'));--> statement-breakpoint
-- Each finished stage counts once on its ticket, within or past its due time, at its position in
-- SLA_STAGES (ADR 0040). A stage without a due time (carried over, not yet scheduled) is not counted.
CREATE FUNCTION "ticket_stage_sla_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	i integer := array_position(ARRAY['review', 'resolution', 'approval', 'appeal'], NEW."stage");
BEGIN
	IF i IS NULL OR NEW."left_at" IS NULL OR NEW."due_at" IS NULL THEN RETURN NULL; END IF;
	IF TG_OP = 'UPDATE' AND OLD."left_at" IS NOT NULL THEN RETURN NULL; END IF;
	IF NEW."left_at" <= NEW."due_at" THEN
		UPDATE "tickets" SET "sla_met"[i] = coalesce("sla_met"[i], 0) + 1 WHERE "id" = NEW."ticket_id";
	ELSE
		UPDATE "tickets" SET "sla_missed"[i] = coalesce("sla_missed"[i], 0) + 1 WHERE "id" = NEW."ticket_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_stages_sla_counts" AFTER INSERT OR UPDATE OF "left_at" ON "ticket_stages"
	FOR EACH ROW EXECUTE FUNCTION "ticket_stage_sla_counts"();--> statement-breakpoint
-- The counts of the stages already finished (and after a bulk load with triggers off): one pass.
CREATE FUNCTION "ticket_stage_sla_backfill"() RETURNS void LANGUAGE sql AS $$
	UPDATE "tickets" t SET "sla_met" = c."met", "sla_missed" = c."missed"
	FROM (
		SELECT "ticket_id",
			ARRAY[
				count(*) FILTER (WHERE "stage" = 'review' AND "left_at" <= "due_at"),
				count(*) FILTER (WHERE "stage" = 'resolution' AND "left_at" <= "due_at"),
				count(*) FILTER (WHERE "stage" = 'approval' AND "left_at" <= "due_at"),
				count(*) FILTER (WHERE "stage" = 'appeal' AND "left_at" <= "due_at")
			]::smallint[] AS "met",
			ARRAY[
				count(*) FILTER (WHERE "stage" = 'review' AND "left_at" > "due_at"),
				count(*) FILTER (WHERE "stage" = 'resolution' AND "left_at" > "due_at"),
				count(*) FILTER (WHERE "stage" = 'approval' AND "left_at" > "due_at"),
				count(*) FILTER (WHERE "stage" = 'appeal' AND "left_at" > "due_at")
			]::smallint[] AS "missed"
		FROM "ticket_stages"
		WHERE "left_at" IS NOT NULL AND "due_at" IS NOT NULL
		GROUP BY "ticket_id"
	) c
	WHERE c."ticket_id" = t."id";
$$;--> statement-breakpoint
SELECT "ticket_stage_sla_backfill"();--> statement-breakpoint
-- The reports read only these indexes (ADR 0040): a chapter's or every chapter's tickets received
-- in a range with every column the aggregates need, so a report is an index-only scan (a report of
-- 120,000 tickets read 41,000 heap pages of wide ticket rows without them, and joined 650,000
-- stages).
CREATE INDEX "tickets_reports_city_idx" ON "tickets" USING btree ("city_id", "created_at")
	INCLUDE ("status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed");--> statement-breakpoint
CREATE INDEX "tickets_reports_created_idx" ON "tickets" USING btree ("created_at")
	INCLUDE ("city_id", "status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed");
