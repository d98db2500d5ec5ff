import { Alert, Box, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  errorText,
  TICKET_LINK_KINDS,
  type TicketLink,
  type TicketLinkKind,
  ticketIdDisplay,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useLinkTicket, useUnlinkTicket } from '../api/useTicketLinks';
import { ticketNumberOf } from '../rules/ticketNumber';
import { StatusBadge } from './StatusBadge';

/**
 * The details dialog's Links (ADR 0056): the ticket's links both ways (a duplicate of another, the
 * duplicates of this one, related tickets), each with an Unlink, and a form that links this ticket
 * to another by its number as a duplicate of it or related to it. The api's refusals (a ticket
 * that is not there or not the user's to see, a duplicate of a duplicate) show under the form.
 */
export function TicketLinks({ ticketId, links }: { ticketId: number; links: readonly TicketLink[] }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const link = useLinkTicket(ticketId);
  const unlink = useUnlinkTicket(ticketId);
  const [number, setNumber] = useState('');
  const [kind, setKind] = useState<TicketLinkKind>('duplicate');
  const [numberError, setNumberError] = useState<string | null>(null);

  const submit = () => {
    const otherId = ticketNumberOf(number);
    if (otherId === null) {
      setNumberError(t('links.badNumber'));
      return;
    }
    if (otherId === ticketId) {
      setNumberError(t('common:errors.linkSelf'));
      return;
    }
    setNumberError(null);
    unlink.reset();
    link.mutate(
      { ticketId: otherId, kind },
      {
        onSuccess: () => {
          setNumber('');
          showToast('green', t('links.linked', { ticket: ticketIdDisplay(otherId) }));
        },
      },
    );
  };

  const remove = (otherId: number) => {
    link.reset();
    unlink.mutate(otherId, {
      onSuccess: () => showToast('green', t('links.unlinked', { ticket: ticketIdDisplay(otherId) })),
    });
  };

  return (
    <Stack gap="xs">
      {links.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('links.none')}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('links.title')}>
          {links.map((entry) => {
            const ticket = ticketIdDisplay(entry.ticketId);
            return (
              <Group component="li" key={entry.ticketId} gap="xs" py={4} wrap="wrap" justify="space-between">
                <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={600}>
                    {t(`links.role.${entry.role}`, { ticket })}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {entry.title}
                  </Text>
                  <StatusBadge status={entry.status} />
                </Group>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t('links.unlinkLabel', { ticket })}
                  loading={unlink.isPending && unlink.variables === entry.ticketId}
                  disabled={unlink.isPending}
                  onClick={() => remove(entry.ticketId)}
                >
                  {t('links.unlink')}
                </Button>
              </Group>
            );
          })}
        </Box>
      )}
      <Box
        component="form"
        aria-label={t('links.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t('links.ticketNumber')}
            placeholder={t('links.ticketNumberHint')}
            value={number}
            onChange={(event) => {
              setNumber(event.currentTarget.value);
              setNumberError(null);
            }}
            error={numberError}
            style={{ flex: 1, minWidth: 180 }}
          />
          <NativeSelect
            label={t('links.kind')}
            data={TICKET_LINK_KINDS.map((value) => ({ value, label: t(`links.kinds.${value}`) }))}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as TicketLinkKind)}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button type="submit" loading={link.isPending} disabled={!number.trim()}>
            {t('links.submit')}
          </Button>
        </Group>
      </Box>
      {(link.error || unlink.error) && (
        <Alert color="red" variant="light" role="alert">
          {link.error
            ? t('links.failed', { message: errorText(t, link.error) })
            : t('links.unlinkFailed', { message: errorText(t, unlink.error) })}
        </Alert>
      )}
    </Stack>
  );
}
