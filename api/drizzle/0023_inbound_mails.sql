-- Replies by email (ADR 0059): every email the reply mailbox received, by a hash of its Message-ID,
-- so each is handled once however often it is fetched; what became of it, and the history entry
-- it made.
CREATE TABLE "inbound_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_key" text NOT NULL,
	"ticket_id" integer,
	"comment_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbound_mails_outcome_check" CHECK ("inbound_mails"."outcome" in ('filed', 'no-tag', 'forged-tag', 'unknown-ticket', 'auto-reply', 'bounce', 'loop', 'empty', 'too-large'))
);
--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_comment_id_ticket_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mails_message_key_idx" ON "inbound_mails" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "inbound_mails_ticket_idx" ON "inbound_mails" USING btree ("ticket_id");
