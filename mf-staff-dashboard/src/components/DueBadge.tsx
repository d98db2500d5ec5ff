import { useTranslation } from 'react-i18next';
import { dueLabel, dueTone, say, type Ticket, TintedBadge } from 'shared-contracts';
import { useNow } from '../hooks/useNow';

/** The badge's colour by tone: red past due, orange past the reminder point, grey otherwise. */
const TONE_COLOR = { overdue: 'red', soon: 'orange', onTime: 'gray' } as const;

/**
 * "Due in 2 days", "Overdue by 3 days": the open stage's due time in working time (the shared
 * due-label rule, docs/architecture.md#time-and-service-levels). Nothing for a ticket
 * without an open stage.
 */
export function DueBadge({ ticket }: { ticket: Pick<Ticket, 'dueAt' | 'dueSoonAt'> }) {
  const { t } = useTranslation();
  const now = useNow();
  const tone = dueTone(ticket.dueAt, now, ticket.dueSoonAt);
  const label = dueLabel(ticket.dueAt, now);
  if (!tone || !label) return null;
  return (
    <TintedBadge
      color={TONE_COLOR[tone]}
      variant={tone === 'onTime' ? 'outline' : 'light'}
      data-due={tone}
      styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {say(t, label)}
    </TintedBadge>
  );
}
