import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPIED_INDICATOR_MS } from 'shared-contracts';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { PUBLIC_INTAKE_NS } from '../../../i18n';

/** The clipboard API needs a secure context; the selection and `copy` command work everywhere else. */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * docs/product.md#ticket-detail-screen "Share This Ticket": the read-only link (with its key, docs/architecture.md#security-decisions), Copy Link that
 * reads 'Copied!' for 2 seconds, and the note that anyone with the link can view the ticket.
 */
export function ShareTicketCard({ link }: { link: string }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    if (!(await copyText(link, input.current))) {
      // Could not copy: the link stays selected for the visitor to copy by hand.
      input.current?.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('ticketDetail.share.title')}
        </Title>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            ref={input}
            label={t('ticketDetail.share.linkLabel')}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button onClick={copy} miw={112}>
            {copied ? t('ticketDetail.share.copied') : t('ticketDetail.share.copy')}
          </Button>
        </Group>
        <span role="status" style={visuallyHidden}>
          {copied ? t('ticketDetail.share.copied') : ''}
        </span>
        <Text size="sm" c="dimmed">
          {t('ticketDetail.share.note')}
        </Text>
      </Stack>
    </Paper>
  );
}
