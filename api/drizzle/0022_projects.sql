-- Complaints by project (ADR 0055): the register of RERA projects, each ticket's optional project,
-- and links between tickets (a duplicate points to its primary; "related" is a plain pointer).
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rera_number" text NOT NULL,
	"name" text NOT NULL,
	"promoter" text DEFAULT '' NOT NULL,
	"city_id" integer NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The number is stored as the register writes it (upper case, no spaces); one project per number.
CREATE UNIQUE INDEX "projects_rera_number_unique" ON "projects" USING btree ("rera_number");--> statement-breakpoint
-- The typeahead: a name's or promoter's words anywhere (trigrams), a number by its start (the
-- unique index, text_pattern_ops below for LIKE 'P5210…%').
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin (lower("name" || ' ' || "promoter") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_rera_prefix_idx" ON "projects" USING btree ("rera_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "projects_city_idx" ON "projects" USING btree ("city_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- A project's tickets newest first (the filtered list, the project page), and its open ones by age.
CREATE INDEX "tickets_project_created_idx" ON "tickets" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_project_status_idx" ON "tickets" USING btree ("project_id","status","created_at") WHERE "project_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "ticket_links" (
	"ticket_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_links_ticket_id_other_id_pk" PRIMARY KEY("ticket_id","other_id"),
	CONSTRAINT "ticket_links_kind_check" CHECK ("ticket_links"."kind" in ('duplicate', 'related')),
	CONSTRAINT "ticket_links_not_self" CHECK ("ticket_links"."ticket_id" <> "ticket_links"."other_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_other_id_tickets_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_links" ADD CONSTRAINT "ticket_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A duplicate has one primary.
CREATE UNIQUE INDEX "ticket_links_one_primary" ON "ticket_links" USING btree ("ticket_id") WHERE "ticket_links"."kind" = 'duplicate';--> statement-breakpoint
CREATE INDEX "ticket_links_other_idx" ON "ticket_links" USING btree ("other_id");
