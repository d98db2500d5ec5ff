/**
 * GET /tickets/{id}/stages (docs/architecture.md#time-and-service-levels): the chain as it went,
 * oldest first, with each stage's alerts and interim replies. Staff read it all; the member's view
 * (a key holder's) has no people's names.
 */
import { sql } from 'drizzle-orm';
import type { AlertLevel, Role, SlaStage, TicketStage, WorkflowAction } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { rowsOf } from '../../db/rows';
import type { Audience } from './access';

type Time = Date | string;
const iso = (value: Time) => new Date(value).toISOString();
const isoOrNull = (value: Time | null) => (value == null ? null : iso(value));

interface StageRow {
  id: number;
  stage: SlaStage;
  holder_role: Role;
  holder_name: string | null;
  acting_for: string | null;
  entered_at: Time;
  due_at: Time | null;
  left_at: Time | null;
  left_by: string | null;
  outcome: WorkflowAction | null;
}

export async function readStages(
  db: AppDatabase,
  ticketId: number,
  audience: Audience,
): Promise<TicketStage[]> {
  const stages = rowsOf<StageRow>(
    await db.execute(sql`
      select s.id, s.stage, s.holder_role, h.full_name as holder_name, af.full_name as acting_for,
        s.entered_at, s.due_at, s.left_at, s.left_by, s.outcome
      from ticket_stages s
      left join users h on h.id = s.holder_id
      left join users af on af.id = s.acting_for_id
      where s.ticket_id = ${ticketId} order by s.entered_at, s.id`),
  );
  if (stages.length === 0) return [];
  const ids = sql.join(
    stages.map((stage) => sql`${stage.id}`),
    sql`, `,
  );
  const alerts = rowsOf<{
    stage_id: number;
    level: AlertLevel;
    at: Time;
    to_role: Role;
    to_name: string | null;
    acting_for: string | null;
  }>(
    await db.execute(sql`
      select a.stage_id, a.level, a.at, a.to_role, u.full_name as to_name, af.full_name as acting_for
      from stage_alerts a left join users u on u.id = a.to_id left join users af on af.id = a.acting_for_id
      where a.stage_id in (${ids}) order by a.at, a.id`),
  );
  const extensions = rowsOf<{
    stage_id: number;
    reason: string;
    expected_by: string | Date;
    due_at: Time;
    created_at: Time;
    by_name: string | null;
  }>(
    await db.execute(sql`
      select stage_id, reason, expected_by::text as expected_by, due_at, created_at, by_name
      from stage_extensions where stage_id in (${ids}) order by id`),
  );
  const staff = audience === 'staff';
  return stages.map((stage) => ({
    id: stage.id,
    stage: stage.stage,
    holderRole: stage.holder_role,
    holderName: staff ? stage.holder_name : null,
    actingFor: staff ? stage.acting_for : null,
    enteredAt: iso(stage.entered_at),
    dueAt: isoOrNull(stage.due_at),
    leftAt: isoOrNull(stage.left_at),
    leftBy: staff ? stage.left_by : null,
    outcome: stage.outcome,
    alerts: alerts
      .filter((alert) => alert.stage_id === stage.id && (staff || alert.level !== 'reminder'))
      .map((alert) => ({
        level: alert.level,
        at: iso(alert.at),
        toRole: alert.to_role,
        toName: staff ? alert.to_name : null,
        actingFor: staff ? alert.acting_for : null,
      })),
    extensions: extensions
      .filter((extension) => extension.stage_id === stage.id)
      .map((extension) => ({
        reason: extension.reason,
        expectedBy: String(extension.expected_by).slice(0, 10),
        dueAt: iso(extension.due_at),
        createdAt: iso(extension.created_at),
        byName: staff ? extension.by_name : null,
      })),
  }));
}
