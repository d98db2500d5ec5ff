-- A tickets:write API token acts for one staff user (ADR 0079): its steps are that user's, under
-- that user's role and city. Deleting the user leaves the token unable to act.
ALTER TABLE "api_tokens" ADD COLUMN "acting_user_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
