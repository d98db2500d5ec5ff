-- Desk tools (ADR 0065, ADR 0066): canned answers in en, hi and mr, the replies sent with each, and
-- how each ticket reached the association (null: the public form; else the channel of a complaint
-- staff filed for the member).
CREATE TABLE "canned_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"city_id" integer,
	"title_en" text NOT NULL,
	"title_hi" text NOT NULL,
	"title_mr" text NOT NULL,
	"text_en" text NOT NULL,
	"text_hi" text NOT NULL,
	"text_mr" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_responses_city_idx" ON "canned_responses" USING btree ("city_id");--> statement-breakpoint
CREATE TABLE "canned_response_uses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_response_uses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"canned_response_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"comment_id" integer,
	"user_id" integer,
	"city_id" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canned_response_uses" ADD CONSTRAINT "canned_response_uses_canned_response_id_canned_responses_id_fk" FOREIGN KEY ("canned_response_id") REFERENCES "public"."canned_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_response_uses" ADD CONSTRAINT "canned_response_uses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_response_uses" ADD CONSTRAINT "canned_response_uses_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_response_uses" ADD CONSTRAINT "canned_response_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_response_uses" ADD CONSTRAINT "canned_response_uses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reports count the uses of a range, over every chapter or one; the list counts each answer's.
CREATE INDEX "canned_response_uses_used_idx" ON "canned_response_uses" USING btree ("used_at","city_id");--> statement-breakpoint
CREATE INDEX "canned_response_uses_response_idx" ON "canned_response_uses" USING btree ("canned_response_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "intake_channel" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_intake_channel_check" CHECK ("tickets"."intake_channel" in ('phone', 'walk-in', 'letter', 'email'));--> statement-breakpoint
-- The reports' covering indexes carry the channel too (null for most tickets: a bit of the null map).
DROP INDEX "tickets_reports_city_idx";--> statement-breakpoint
DROP INDEX "tickets_reports_created_idx";--> statement-breakpoint
CREATE INDEX "tickets_reports_city_idx" ON "tickets" USING btree ("city_id", "created_at")
	INCLUDE ("status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed",
		"resolved_stars", "rejected_stars", "reopened_at", "appealed_at", "intake_channel");--> statement-breakpoint
CREATE INDEX "tickets_reports_created_idx" ON "tickets" USING btree ("created_at")
	INCLUDE ("city_id", "status", "committee_id", "first_action_at", "finished_at", "stage", "due_at", "sla_met", "sla_missed",
		"resolved_stars", "rejected_stars", "reopened_at", "appealed_at", "intake_channel");
