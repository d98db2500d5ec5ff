CREATE TABLE "ticket_appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"reason" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"outcome" text,
	"decision_reason" text,
	"decided_by" integer,
	CONSTRAINT "ticket_appeals_outcome_check" CHECK ("ticket_appeals"."outcome" in ('upheld', 'remanded', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "ticket_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"stars" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_ratings_outcome_check" CHECK ("ticket_ratings"."outcome" in ('resolved', 'rejected')),
	CONSTRAINT "ticket_ratings_stars_check" CHECK ("ticket_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ticket_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"from_city_id" integer,
	"to_city_id" integer,
	"from_committee_id" integer,
	"to_committee_id" integer,
	"reason" text NOT NULL,
	"by_id" integer,
	"by_name" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reopen_reason" text;--> statement-breakpoint
ALTER TABLE "ticket_appeals" ADD CONSTRAINT "ticket_appeals_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_appeals" ADD CONSTRAINT "ticket_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_city_id_cities_id_fk" FOREIGN KEY ("from_city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_city_id_cities_id_fk" FOREIGN KEY ("to_city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_from_committee_id_committees_id_fk" FOREIGN KEY ("from_committee_id") REFERENCES "public"."committees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_to_committee_id_committees_id_fk" FOREIGN KEY ("to_committee_id") REFERENCES "public"."committees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_appeals_ticket_unique" ON "ticket_appeals" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_appeals_open_idx" ON "ticket_appeals" USING btree ("due_at","id") WHERE "ticket_appeals"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_appeals_decided_idx" ON "ticket_appeals" USING btree ("decided_at" DESC NULLS FIRST,"id") WHERE "ticket_appeals"."decided_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_ratings_ticket_outcome_unique" ON "ticket_ratings" USING btree ("ticket_id","outcome");--> statement-breakpoint
CREATE INDEX "ticket_ratings_created_idx" ON "ticket_ratings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_idx" ON "ticket_transfers" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_open_outcome_idx" ON "tickets" USING btree ("outcome_at","id") WHERE "tickets"."closed_at" is null and "tickets"."status" in ('resolved', 'rejected');--> statement-breakpoint
-- Outcomes reached before the last word: their windows count from the last change (ADR 0038).
UPDATE "tickets" SET "outcome_at" = "updated_at" WHERE "status" in ('resolved', 'rejected');
