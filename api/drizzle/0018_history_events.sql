-- History as events, not sentences (ADR 0045): each entry gets its `kind` and typed `values` (ids,
-- dates, numbers, codes), `text` keeps only what a person wrote, and the actor is named by id. The
-- sentences the api stored until now are read back here, once: from the rows the same change wrote
-- beside them (stage alerts, extensions, stages, transfers, appeals) where there are some, else
-- from their English. A row that matches nothing it could have been keeps its text as written.
ALTER TABLE "ticket_comments" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The English names of the roles, as the sentences wrote them.
CREATE TEMPORARY TABLE "history_role_labels" ("role" text PRIMARY KEY, "label" text NOT NULL, "stage" text);--> statement-breakpoint
INSERT INTO "history_role_labels" VALUES
	('admin', 'Admin', NULL), ('credaipresident', 'Credai President', NULL),
	('citypresident', 'City President', 'review'), ('governor', 'Governor', NULL),
	('observer', 'Office Bearer', 'approval'), ('convenor', 'Convenor', 'resolution'),
	('customer', 'Customer', NULL);--> statement-breakpoint
-- Every row first gets the kind of its action (a person's words, or an event kept as written).
UPDATE "ticket_comments" SET "kind" = CASE "action"
	WHEN 'submitted' THEN 'ticket.submitted'
	WHEN 'approve' THEN 'ticket.approved'
	WHEN 'reject' THEN 'ticket.rejected'
	WHEN 'resolve' THEN 'ticket.resolved'
	WHEN 'review' THEN 'ticket.reviewed'
	WHEN 'reply' THEN CASE WHEN lower("actor_role") = 'customer' THEN 'member.replied' ELSE 'staff.replied' END
	WHEN 'note' THEN 'staff.noted'
	WHEN 'reminder' THEN 'stage.reminded'
	WHEN 'escalation' THEN 'stage.escalated'
	WHEN 'interim-reply' THEN 'stage.interim_reply'
	WHEN 'stand-in' THEN 'stage.stand_in'
	WHEN 'rate' THEN 'member.rated'
	WHEN 'reopen' THEN 'member.reopened'
	WHEN 'appeal' THEN 'member.appealed'
	WHEN 'appeal.uphold' THEN 'appeal.upheld'
	WHEN 'appeal.remand' THEN 'appeal.remanded'
	WHEN 'appeal.dismiss' THEN 'appeal.dismissed'
	WHEN 'transfer' THEN 'ticket.transferred'
	WHEN 'closed' THEN 'case.closed'
	ELSE 'staff.noted' END;--> statement-breakpoint
UPDATE "ticket_comments" SET "text" = NULL WHERE "action" = 'submitted' AND "text" = 'Ticket submitted';--> statement-breakpoint
-- A chain step without a comment: 'Approved by City President'.
UPDATE "ticket_comments" c SET "text" = NULL
	FROM "history_role_labels" r
	WHERE r."role" = lower(c."actor_role") AND c."text" = CASE c."action"
		WHEN 'approve' THEN 'Approved by ' WHEN 'reject' THEN 'Rejected by '
		WHEN 'resolve' THEN 'Resolved by ' WHEN 'review' THEN 'Moved to review by ' END || r."label";--> statement-breakpoint
-- Reminders and escalations: the alert the tick wrote at the same time (a tick may write two
-- escalations of one ticket at once, paired in the order they were written).
UPDATE "ticket_comments" c SET "text" = NULL, "values" = jsonb_build_object(
		'stage', m."stage", 'role', m."to_role", 'userId', m."to_id", 'actingForId', m."acting_for_id",
		'due', substring(c."text" from '(?:is|was) due (\d{4}-\d{2}-\d{2} \d{2}:\d{2})$'))
	FROM (
		-- A reminder's alert names no stand-in: the stage says whom its holder stood in for.
		SELECT h."id", a."to_role", a."to_id", s."stage",
			coalesce(a."acting_for_id", CASE WHEN a."level" = 'reminder' THEN s."acting_for_id" END) AS "acting_for_id"
		FROM (SELECT "id", "ticket_id", "created_at", "action",
				row_number() OVER (PARTITION BY "ticket_id", "created_at", "action" ORDER BY "id") AS "n"
			FROM "ticket_comments" WHERE "action" IN ('reminder', 'escalation')) h
		JOIN (SELECT a.*, s."ticket_id", CASE WHEN a."level" = 'reminder' THEN 'reminder' ELSE 'escalation' END AS "action",
				row_number() OVER (PARTITION BY s."ticket_id", a."at", a."level" = 'reminder' ORDER BY a."id") AS "n"
			FROM "stage_alerts" a JOIN "ticket_stages" s ON s."id" = a."stage_id") a
			ON a."ticket_id" = h."ticket_id" AND a."at" = h."created_at" AND a."action" = h."action" AND a."n" = h."n"
		JOIN "ticket_stages" s ON s."id" = a."stage_id"
	) m
	WHERE m."id" = c."id" AND c."text" ~ '(?:is|was) due \d{4}-\d{2}-\d{2} \d{2}:\d{2}$';--> statement-breakpoint
-- Interim replies: the extension written with them; the text becomes the holder's reason.
UPDATE "ticket_comments" c SET "text" = e."reason",
		"values" = jsonb_build_object('stage', s."stage", 'expectedBy', e."expected_by"::text)
	FROM "stage_extensions" e JOIN "ticket_stages" s ON s."id" = e."stage_id"
	WHERE c."action" = 'interim-reply' AND s."ticket_id" = c."ticket_id" AND e."created_at" = c."created_at";--> statement-breakpoint
-- Stand-ins: the stages of the ticket that went to a stand-in, for the role the sentence names,
-- paired in order.
UPDATE "ticket_comments" c SET "text" = NULL, "values" = jsonb_build_object(
		'stage', m."stage", 'role', m."holder_role", 'userId', m."holder_id", 'actingForId', m."acting_for_id")
	FROM (
		SELECT h."id", s."stage", s."holder_role", s."holder_id", s."acting_for_id"
		FROM (SELECT c."id", c."ticket_id", r."role",
				row_number() OVER (PARTITION BY c."ticket_id", r."role" ORDER BY c."created_at", c."id") AS "n"
			FROM "ticket_comments" c JOIN "history_role_labels" r
				ON c."text" LIKE 'Handed to % (' || r."label" || '), acting for %'
			WHERE c."action" = 'stand-in' AND r."stage" IS NOT NULL) h
		JOIN (SELECT *, row_number() OVER (PARTITION BY "ticket_id", "holder_role" ORDER BY "entered_at", "id") AS "n"
			FROM "ticket_stages" WHERE "acting_for_id" IS NOT NULL) s
			ON s."ticket_id" = h."ticket_id" AND s."holder_role" = h."role" AND s."n" = h."n"
	) m
	WHERE m."id" = c."id";--> statement-breakpoint
-- Ratings: the stars, and the member's comment as the text.
UPDATE "ticket_comments" SET
		"values" = jsonb_build_object('stars', (regexp_match("text", '^Rated ([1-5]) of 5 by the member'))[1]::int),
		"text" = nullif((regexp_match("text", '^Rated [1-5] of 5 by the member(?:: (.*))?$'))[1], '')
	WHERE "action" = 'rate' AND "text" ~ '^Rated [1-5] of 5 by the member(: .*)?$';--> statement-breakpoint
-- The member's and the association president's reasons.
UPDATE "ticket_comments" SET "text" = substr("text", length('Reopened by the member: ') + 1)
	WHERE "action" = 'reopen' AND "text" LIKE 'Reopened by the member: %';--> statement-breakpoint
UPDATE "ticket_comments" SET "text" = substr("text", length('Appealed to the Credai President by the member: ') + 1)
	WHERE "action" = 'appeal' AND "text" LIKE 'Appealed to the Credai President by the member: %';--> statement-breakpoint
UPDATE "ticket_comments" SET "text" = substr("text", length('Appeal upheld by the Credai President: ') + 1)
	WHERE "action" = 'appeal.uphold' AND "text" LIKE 'Appeal upheld by the Credai President: %';--> statement-breakpoint
UPDATE "ticket_comments" SET "text" = substr("text", length('Appeal dismissed by the Credai President: ') + 1)
	WHERE "action" = 'appeal.dismiss' AND "text" LIKE 'Appeal dismissed by the Credai President: %';--> statement-breakpoint
UPDATE "ticket_comments" c SET "text" = a."decision_reason", "values" = jsonb_build_object('appealId', a."id")
	FROM "ticket_appeals" a
	WHERE c."action" = 'appeal.remand' AND a."ticket_id" = c."ticket_id"
		AND c."text" = 'Appeal sent back to the City President by the Credai President: ' || a."decision_reason"
			|| '. The member''s appeal: ' || a."reason";--> statement-breakpoint
-- Transfers: the transfer row written at the same time; the text becomes its reason.
UPDATE "ticket_comments" c SET "text" = t."reason", "values" = jsonb_build_object(
		'fromCityId', t."from_city_id", 'toCityId', t."to_city_id",
		'fromCommitteeId', t."from_committee_id", 'toCommitteeId', t."to_committee_id")
	FROM "ticket_transfers" t
	WHERE c."action" = 'transfer' AND t."ticket_id" = c."ticket_id" AND t."at" = c."created_at"
		AND t."from_city_id" IS NOT NULL AND t."to_city_id" IS NOT NULL AND t."to_committee_id" IS NOT NULL;--> statement-breakpoint
-- Closings: why, and after how many days.
UPDATE "ticket_comments" SET "text" = NULL, "values" = '{"cause":"rated"}'::jsonb
	WHERE "action" = 'closed' AND "text" = 'Case closed after the member''s rating';--> statement-breakpoint
UPDATE "ticket_comments" SET "values" = jsonb_build_object(
		'cause', CASE WHEN "text" LIKE 'Case closed: no rating%' THEN 'unrated' ELSE 'noAppeal' END,
		'days', (regexp_match("text", 'within (\d+) days$'))[1]::int), "text" = NULL
	WHERE "action" = 'closed' AND "text" ~ '^Case closed: no (rating|appeal) within \d+ days$';--> statement-breakpoint
-- The actor is named by id from now on: a copied name goes wherever there is an id to name them by.
UPDATE "ticket_comments" SET "action_by" = NULL WHERE "actor_id" IS NOT NULL AND "action_by" IS NOT NULL;--> statement-breakpoint
DROP TABLE "history_role_labels";--> statement-breakpoint
ALTER TABLE "ticket_comments" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
-- From now on the system's own kinds hold no text (SYSTEM_HISTORY_KINDS): NOT VALID, so the few old
-- rows kept as written stay readable while every new row is checked.
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_system_kinds_no_text" CHECK (
	"text" IS NULL OR "kind" NOT IN ('ticket.submitted', 'stage.reminded', 'stage.escalated', 'stage.stand_in', 'case.closed')
) NOT VALID;
