import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  replyFile,
  shownHistoryText,
  type TicketComment,
  Timeline,
  TimelineEntry,
  TintedBadge,
} from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { isInternal } from '../rules/messageLabels';
import { historyActor, named } from '../rules/ticketAssignment';
import { TicketAttachments } from './TicketAttachments';

/**
 * The ticket's history as staff see it (docs/product.md#ticket-details-dialog history, with the
 * conversation of docs/architecture.md#conversation-and-notifications): every entry, oldest
 * first; internal notes tinted and labelled so nobody takes one for a reply the member sees;
 * a reply's file with View and Download.
 */
export function TicketHistory({ entries }: { entries: TicketComment[] }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  if (entries.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('details.noHistory')}
      </Text>
    );
  return (
    <Timeline gap="xs">
      {entries.map((entry, index) => {
        const internal = isInternal(entry);
        const fromMember = entry.actorRole === 'customer';
        return (
          <TimelineEntry
            key={entry.id ?? index}
            accent={internal ? 'yellow-7' : fromMember ? 'blue-5' : 'gray-4'}
            py={internal ? 6 : 0}
            pr={internal ? 'sm' : 0}
            aria-label={internal ? t('conversation.internalLabel') : undefined}
            bg={internal ? 'yellow.0' : undefined}
            data-visibility={internal ? 'internal' : 'public'}
            style={{ borderRadius: internal ? 4 : undefined }}
            author={named(t, historyActor(entry))}
            marks={
              <>
                {internal && <TintedBadge color="yellow">{t('conversation.internalBadge')}</TintedBadge>}
                {fromMember && <TintedBadge color="blue">{t('conversation.memberBadge')}</TintedBadge>}
              </>
            }
            time={formatDateTime(entry.createdAt)}
            text={shownHistoryText(t, entry)}
            file={entry.attachment && <TicketAttachments files={[replyFile(entry.attachment)]} />}
          />
        );
      })}
    </Timeline>
  );
}
