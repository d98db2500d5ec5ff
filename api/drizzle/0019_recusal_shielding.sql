-- Conflicts of interest and shielded identity (ADR 0048, ADR 0049). Each staff user's declared
-- firms and projects; a project is named until the project register exists (`project_id` gets its
-- reference then).
CREATE TABLE "staff_interests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_interests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"project_id" integer,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_interests_kind_check" CHECK ("staff_interests"."kind" in ('firm', 'project'))
);
--> statement-breakpoint
ALTER TABLE "staff_interests" ADD CONSTRAINT "staff_interests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_interests_user_idx" ON "staff_interests" USING btree ("user_id");--> statement-breakpoint
-- The submit looks the ticket's firm up among every declaration (case-insensitive, whole name).
CREATE INDEX "staff_interests_name_idx" ON "staff_interests" USING btree (lower("name"));--> statement-breakpoint
-- Who a recusal passed a ticket over: they never read it again (ADR 0048).
CREATE TABLE "ticket_recusals" (
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_recusals_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_recusals" ADD CONSTRAINT "ticket_recusals_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_recusals" ADD CONSTRAINT "ticket_recusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_recusals_user_idx" ON "ticket_recusals" USING btree ("user_id","ticket_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "against_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "concerns_office_bearer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "shield_identity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "member_alias" text;
