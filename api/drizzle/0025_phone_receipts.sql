-- SMS and WhatsApp receipts (ADR 0060): the provider's id of each phone message, which its delivery
-- receipts name, when it reached the phone, and the state `delivered` beside `sent`.
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('queued', 'sent', 'delivered', 'failed', 'held'));--> statement-breakpoint
CREATE INDEX "outbox_provider_message_idx" ON "outbox" USING btree ("channel","provider_message_id") WHERE "outbox"."provider_message_id" is not null;
