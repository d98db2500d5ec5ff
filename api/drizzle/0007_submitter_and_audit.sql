-- ADR 0030: a ticket keeps what its submitter typed, and a staff account and a member record may
-- share an email (a submit with a staff email is filed under a member record, never the account).
-- ADR 0031: member keys expire; the audit trail is append-only, kept at least a year.
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_role" text,
	"actor_key" text,
	"client_address" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"detail" text
);
--> statement-breakpoint
DROP INDEX "users_email_lower_unique";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "submitter_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "submitter_email" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "submitter_mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_key_expires_at" timestamp with time zone;--> statement-breakpoint
-- Keys already handed out live one more lifetime (MEMBER_KEY_LIFETIME_DAYS) from now.
UPDATE "users" SET "access_key_expires_at" = now() + interval '90 days' WHERE "access_key_hash" IS NOT NULL;--> statement-breakpoint
-- Tickets from before keep showing their member's profile (the readers coalesce), so no backfill.
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"),("role" = 'customer'));--> statement-breakpoint
-- Append-only: no row is ever changed, and none younger than a year and a day is removed (older
-- ones may be purged by an operator: docs/operations.md). TRUNCATE is refused outright.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '366 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
