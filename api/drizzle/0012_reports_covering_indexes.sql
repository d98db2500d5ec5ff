-- The reports read only these indexes (ADR 0040): a chapter's or every chapter's tickets received
-- in a range with the columns the aggregates need (index-only scans: a report of 120,000 tickets
-- read 41,000 heap pages of wide ticket rows without them), and each ticket's stages with their
-- due and finish times for the service level per stage.
CREATE INDEX "tickets_reports_city_idx" ON "tickets" USING btree ("city_id", "created_at")
	INCLUDE ("id", "status", "committee_id", "first_action_at", "finished_at");--> statement-breakpoint
CREATE INDEX "tickets_reports_created_idx" ON "tickets" USING btree ("created_at")
	INCLUDE ("id", "city_id", "status", "committee_id", "first_action_at", "finished_at");--> statement-breakpoint
CREATE INDEX "ticket_stages_reports_idx" ON "ticket_stages" USING btree ("ticket_id")
	INCLUDE ("stage", "due_at", "left_at");
