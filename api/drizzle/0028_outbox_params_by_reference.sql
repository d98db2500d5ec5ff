-- ADR 0078: an outbox row names its personal data by reference (`params.refs`), read when it is
-- sent. Rows written before kept copies of the member's name, the ticket's title, the words quoted
-- and staff names. Those already sent are never rendered again: their copies go. Rows still
-- waiting (queued, held) or failed (an admin may retry them) keep theirs; the worker renders them
-- as written and removes the copies once they are sent.
UPDATE "outbox"
SET "params" = "params" - 'name' - 'title' - 'text' - 'reason' - 'quote' - 'author' - 'actingFor'
WHERE "status" = 'sent' AND "channel" <> 'webhook' AND NOT ("params" ? 'refs');
