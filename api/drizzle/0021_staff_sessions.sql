-- Staff sign-in as a bank would (ADR 0053, 0054). Every sign-in opens a session: the token names it
-- (`sid`), each request checks it is still open, not idle past SESSION_IDLE_MINUTES and not past
-- its absolute end; signing out, ending it from /profile or an admin's "end all" close it at once.
-- The device (the browser's User-Agent, cut short) and address are the ones the sign-in came from.
CREATE TABLE "staff_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"device" text,
	"client_address" text,
	"mfa" boolean DEFAULT false NOT NULL,
	CONSTRAINT "staff_sessions_ended_by_check" CHECK ("staff_sessions"."ended_by" in ('logout', 'user', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sessions_user_open_idx" ON "staff_sessions" USING btree ("user_id","last_used_at") WHERE "staff_sessions"."ended_at" is null;--> statement-breakpoint
-- The TOTP second factor (RFC 6238): the shared secret sealed with the api's key (AES-256-GCM),
-- confirmed once the user typed a first code; `last_step` is the time step of the last code
-- accepted, so a code is never accepted twice.
CREATE TABLE "user_mfa" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Ten one-time recovery codes per enrolment, kept as sha256 hashes; `used_at` once spent.
CREATE TABLE "mfa_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mfa_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_recovery_codes_user_code_idx" ON "mfa_recovery_codes" USING btree ("user_id","code_hash");
