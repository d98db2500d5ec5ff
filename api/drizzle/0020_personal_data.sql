-- Personal data under the DPDP Act (ADR 0050): the member's requests (correction, erasure,
-- withdrawal of consent), erasure by pseudonym, and retention with notice.
CREATE TABLE "privacy_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decline_reason" text,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('correction', 'erasure', 'withdraw-consent')),
	CONSTRAINT "privacy_requests_status_check" CHECK ("privacy_requests"."status" in ('open', 'waiting', 'done', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("due_at","id") WHERE "privacy_requests"."status" in ('open', 'waiting');--> statement-breakpoint
CREATE INDEX "privacy_requests_member_idx" ON "privacy_requests" USING btree ("member_id","id");--> statement-breakpoint
-- `erased_at`: when the ticket's personal data was erased; `erasure_requested_at`: the member asked
-- and the ticket waits for its appeal to end; `retention_notice_at`: when the member was told the
-- retention erasure would come (at least 48 hours before it).
ALTER TABLE "tickets" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "retention_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_erasure_requested_idx" ON "tickets" USING btree ("id") WHERE "tickets"."erasure_requested_at" is not null and "tickets"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "tickets_retention_idx" ON "tickets" USING btree ("closed_at","id") WHERE "tickets"."closed_at" is not null and "tickets"."erased_at" is null;--> statement-breakpoint
-- "Erased member {n}": n counts the erasures.
CREATE SEQUENCE "erased_member_seq";--> statement-breakpoint
-- The audit trail stays append-only, except for one change: an erasure (which sets
-- `helpdesk.erasure` for its own transaction) may blank a row's detail and client address. The
-- action, the actor, the target and the time stay as they were.
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '366 days' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('helpdesk.erasure', true), '') = 'on'
     AND NEW."id" = OLD."id" AND NEW."at" = OLD."at" AND NEW."action" = OLD."action"
     AND NEW."target_type" = OLD."target_type" AND NEW."target_id" = OLD."target_id"
     AND NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id"
     AND NEW."actor_role" IS NOT DISTINCT FROM OLD."actor_role"
     AND NEW."actor_key" IS NOT DISTINCT FROM OLD."actor_key" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
