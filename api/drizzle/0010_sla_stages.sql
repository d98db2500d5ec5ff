-- Time on a ticket (docs/architecture.md#time-and-service-levels, ADR 0033): chapter calendars and
-- SLA overrides, the association's SLA defaults, the stage log with the scheduler's alerts (one per
-- stage and level) and the interim replies, absences, and each ticket's open stage and due time.
CREATE TABLE "absences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"stand_in_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_days_check" CHECK ("absences"."from_date" <= "absences"."to_date")
);
--> statement-breakpoint
CREATE TABLE "chapter_settings" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"calendar" jsonb,
	"sla" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_defaults_one_row" CHECK ("sla_defaults"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stage_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stage_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stage_id" integer NOT NULL,
	"level" text NOT NULL,
	"to_role" text NOT NULL,
	"to_id" integer,
	"acting_for_id" integer,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stage_alerts_level_check" CHECK ("stage_alerts"."level" in ('reminder', 'next-level', 'president'))
);
--> statement-breakpoint
CREATE TABLE "stage_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stage_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stage_id" integer NOT NULL,
	"reason" text NOT NULL,
	"expected_by" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"by_id" integer,
	"by_name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"stage" text NOT NULL,
	"holder_role" text NOT NULL,
	"holder_id" integer,
	"acting_for_id" integer,
	"entered_at" timestamp with time zone NOT NULL,
	"sla_minutes" integer NOT NULL,
	"first_due_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"remind_at" timestamp with time zone,
	"president_at" timestamp with time zone,
	"next_alert_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	"left_by_id" integer,
	"left_by" text,
	"outcome" text,
	CONSTRAINT "ticket_stages_stage_check" CHECK ("ticket_stages"."stage" in ('review', 'resolution', 'approval'))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "due_soon_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "escalation" text;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_stand_in_id_users_id_fk" FOREIGN KEY ("stand_in_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_settings" ADD CONSTRAINT "chapter_settings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_alerts" ADD CONSTRAINT "stage_alerts_stage_id_ticket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."ticket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_alerts" ADD CONSTRAINT "stage_alerts_to_id_users_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_alerts" ADD CONSTRAINT "stage_alerts_acting_for_id_users_id_fk" FOREIGN KEY ("acting_for_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_extensions" ADD CONSTRAINT "stage_extensions_stage_id_ticket_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."ticket_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_extensions" ADD CONSTRAINT "stage_extensions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stages" ADD CONSTRAINT "ticket_stages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stages" ADD CONSTRAINT "ticket_stages_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stages" ADD CONSTRAINT "ticket_stages_acting_for_id_users_id_fk" FOREIGN KEY ("acting_for_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stages" ADD CONSTRAINT "ticket_stages_left_by_id_users_id_fk" FOREIGN KEY ("left_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_alerts_stage_level_unique" ON "stage_alerts" USING btree ("stage_id","level");--> statement-breakpoint
CREATE INDEX "stage_extensions_stage_idx" ON "stage_extensions" USING btree ("stage_id","id");--> statement-breakpoint
CREATE INDEX "ticket_stages_ticket_idx" ON "ticket_stages" USING btree ("ticket_id","entered_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_stages_one_open" ON "ticket_stages" USING btree ("ticket_id") WHERE "ticket_stages"."left_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_stages_next_alert_idx" ON "ticket_stages" USING btree ("next_alert_at","id") WHERE "ticket_stages"."left_at" is null and "ticket_stages"."next_alert_at" is not null;--> statement-breakpoint
CREATE INDEX "ticket_stages_unscheduled_idx" ON "ticket_stages" USING btree ("id") WHERE "ticket_stages"."left_at" is null and "ticket_stages"."due_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_due_idx" ON "tickets" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "tickets_city_due_idx" ON "tickets" USING btree ("city_id","due_at","id");--> statement-breakpoint
CREATE INDEX "tickets_due_soon_idx" ON "tickets" USING btree ("due_soon_at") WHERE "tickets"."due_soon_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_city_escalated_idx" ON "tickets" USING btree ("city_id","created_at" DESC NULLS FIRST) WHERE "tickets"."escalation" is not null;--> statement-breakpoint
-- Every open ticket gets its current stage opened, held by the office bearer the ticket names for
-- it, entered when the ticket last changed. Its due time is left to the scheduler's first tick,
-- which computes it on the chapter's calendar (SQL has no working time); `sla_minutes` too.
INSERT INTO "ticket_stages" ("ticket_id", "stage", "holder_role", "holder_id", "entered_at", "sla_minutes")
SELECT t."id",
	CASE t."current_assignee" WHEN 'CityPresident' THEN 'review' WHEN 'Convenor' THEN 'resolution' ELSE 'approval' END,
	CASE t."current_assignee" WHEN 'CityPresident' THEN 'citypresident' WHEN 'Convenor' THEN 'convenor' ELSE 'observer' END,
	CASE t."current_assignee" WHEN 'CityPresident' THEN t."city_president_id" WHEN 'Convenor' THEN t."convenor_id" ELSE t."observer_id" END,
	t."updated_at", 0
FROM "tickets" t
WHERE t."status" NOT IN ('resolved', 'rejected') AND t."current_assignee" IN ('CityPresident', 'Convenor', 'Observer');--> statement-breakpoint
UPDATE "tickets" t SET "stage" = s."stage" FROM "ticket_stages" s WHERE s."ticket_id" = t."id" AND s."left_at" IS NULL;