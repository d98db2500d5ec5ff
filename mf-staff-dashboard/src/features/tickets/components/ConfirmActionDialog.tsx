import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS, type TicketAction } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';

export type DialogAction = Extract<TicketAction, 'approve' | 'reject' | 'resolve'>;

/** Shades dark enough for white or coloured text to pass WCAG AA. */
export const REJECT_COLOR = 'red.9';
export const RESOLVE_COLOR = 'teal.9';

interface ConfirmActionDialogProps {
  action: DialogAction | null;
  busy: boolean;
  /** Mobile screens show the dialog full screen. */
  fullScreen: boolean;
  onCancel: () => void;
  onConfirm: (action: DialogAction, comment: string, applyToDuplicates: boolean) => void;
  /**
   * The ticket's duplicates at its stage (ADR 0056): when there are some, 'Also apply to its N
   * duplicates' is offered (unticked), and the step then moves the whole group at once.
   */
  duplicates?: number;
  /**
   * Offered on Reject when the caller may transfer the ticket (docs/architecture.md#the-members-last-word):
   * a ticket filed under the wrong city or committee is moved, not rejected.
   */
  onTransfer?: () => void;
}

/** What differs between the three confirmations; everything else is the same form. */
const CONFIRMATIONS = {
  approve: {
    title: 'confirm.approveTitle',
    intro: 'confirm.approveText',
    textLabel: 'confirm.comment',
    textRequired: false,
    confirm: 'details.approve',
    color: undefined,
  },
  reject: {
    title: 'confirm.rejectTitle',
    intro: 'confirm.rejectText',
    textLabel: 'confirm.rejectionReason',
    textRequired: true,
    confirm: 'details.reject',
    color: REJECT_COLOR,
  },
  resolve: {
    title: 'confirm.resolveTitle',
    intro: undefined,
    textLabel: 'confirm.resolutionReason',
    textRequired: true,
    confirm: 'details.resolve',
    color: RESOLVE_COLOR,
  },
} as const satisfies Record<DialogAction, unknown>;

/**
 * docs/product.md#ticket-details-dialog, docs/product.md#validation confirmation sub-dialogs: 'Confirm Approval' (optional comment), 'Confirm Rejection'
 * (Reject disabled until the reason is non-blank) and 'Resolve Ticket' (the option list holds only
 * 'Other', selected, with its 'Resolution Reason'; Resolve disabled while it is blank).
 */
export function ConfirmActionDialog({
  action,
  busy,
  fullScreen,
  onCancel,
  onConfirm,
  onTransfer,
  duplicates = 0,
}: ConfirmActionDialogProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <Modal
      opened={action !== null}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={t(CONFIRMATIONS[action ?? 'resolve'].title)}
      zIndex={300}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
      fullScreen={fullScreen}
    >
      {action && (
        // Keyed by action: a new confirmation starts with an empty text.
        <ConfirmForm
          key={action}
          action={action}
          busy={busy}
          onCancel={onCancel}
          onConfirm={onConfirm}
          onTransfer={onTransfer}
          duplicates={duplicates}
        />
      )}
    </Modal>
  );
}

function ConfirmForm({
  action,
  busy,
  onCancel,
  onConfirm,
  onTransfer,
  duplicates = 0,
}: Omit<ConfirmActionDialogProps, 'action' | 'fullScreen'> & { action: DialogAction }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [text, setText] = useState('');
  const [toDuplicates, setToDuplicates] = useState(false);
  const { intro, textLabel, textRequired, confirm, color } = CONFIRMATIONS[action];
  const missingText = textRequired && text.trim() === '';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!missingText && !busy) onConfirm(action, text.trim(), duplicates > 0 && toDuplicates);
      }}
    >
      <Stack>
        {intro && <Text size="sm">{t(intro)}</Text>}
        {action === 'reject' && onTransfer && (
          <Alert color="blue" variant="light" p="sm">
            <Stack gap={6} align="flex-start">
              <Text size="sm">{t('transfer.offer')}</Text>
              <Button size="xs" variant="default" onClick={onTransfer} disabled={busy}>
                {t('transfer.instead')}
              </Button>
            </Stack>
          </Alert>
        )}
        {action === 'resolve' && (
          <NativeSelect
            label={t('confirm.resolutionOption')}
            data={[t('confirm.other')]}
            value={t('confirm.other')}
            onChange={() => {}}
          />
        )}
        <Textarea
          label={t(textLabel)}
          required={textRequired}
          autosize
          minRows={3}
          maxLength={TEXT_LIMITS.comment}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        {duplicates > 0 && (
          <Checkbox
            label={t('confirm.applyToDuplicates', { count: duplicates })}
            description={t('confirm.applyToDuplicatesHint')}
            checked={toDuplicates}
            onChange={(event) => setToDuplicates(event.currentTarget.checked)}
            disabled={busy}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" color={color} disabled={missingText} loading={busy}>
            {t(confirm)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
