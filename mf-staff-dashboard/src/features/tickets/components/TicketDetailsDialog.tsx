import {
  Alert,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type CommentVisibility,
  DIALOG_CLOSE_AFTER_ACTION_MS,
  decide,
  dialogActions,
  displayedAssignee,
  errorText,
  formatDateTime,
  say,
  type Ticket,
  TintedBadge,
  ticketCity,
  ticketFiles,
  ticketHistoryQuery,
  ticketIdDisplay,
  ticketQuery,
  useAuth,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useTicketAction } from '../api/useTicketAction';
import { actionSuccessMessage } from '../rules/actionToast';
import { duplicatesAtStage } from '../rules/duplicateGroup';
import { holderActor } from '../rules/holderActing';
import { assignedTo, currentlyWith, NO_ASSIGNEES, named } from '../rules/ticketAssignment';
import { ConfirmActionDialog, type DialogAction, REJECT_COLOR, RESOLVE_COLOR } from './ConfirmActionDialog';
import { DetailField, WrittenText } from './DetailField';
import { hasLastWord, LastWordPanel } from './LastWordPanel';
import { ShareLinkRotation } from './ShareLinkRotation';
import { StaffReplyForm } from './StaffReplyForm';
import { StageDuePanel } from './StageDuePanel';
import { StatusBadge } from './StatusBadge';
import { TicketAttachments } from './TicketAttachments';
import { TicketHistory } from './TicketHistory';
import { TicketLinks } from './TicketLinks';
import { TicketMessages } from './TicketMessages';
import { TransferDialog } from './TransferDialog';
import { UnmaskMember } from './UnmaskMember';

interface TicketDetailsDialogProps {
  /** The ticket opened from the list (shown while its latest version loads); null when closed. */
  ticket: Ticket | null;
  /** A ticket opened by its id alone (a `/dashboard?ticket={id}` link): loaded, then shown. */
  ticketId?: number | null;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * docs/product.md#ticket-details-dialog 'Ticket Details - #{id}': everything about one ticket, its history, and the Approve,
 * Reject and Resolve buttons of the shared workflow table (`dialogActions`), each through its
 * confirmation. The dialog loads the latest version when it opens, so the buttons and the
 * version sent with an action are current; an action's answer replaces it (`useTicketAction`).
 * Below the history (internal notes tinted and labelled), 'Reply to member' and 'Add internal
 * note', and the messages sent about the ticket (docs/architecture.md#conversation-and-notifications).
 */
export function TicketDetailsDialog({
  ticket,
  ticketId: linkedId = null,
  onClose,
}: TicketDetailsDialogProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const mobile = useIsMobile();
  const user = useAuth((state) => state.user);
  const ticketId = ticket?.id ?? linkedId;
  // Always asked for when the dialog opens (staleTime 0): the list row may be older than 5 s.
  const latest = useQuery({ ...ticketQuery(ticketId ?? 0), enabled: ticketId !== null, staleTime: 0 });
  // The history with each entry's visibility; a reply invalidates it with the ticket.
  const historyQuery = useQuery({
    ...ticketHistoryQuery(ticketId ?? 0),
    enabled: ticketId !== null,
    staleTime: 0,
  });
  const { mutate: send, isPending: busy } = useTicketAction();
  const [confirm, setConfirm] = useState<DialogAction | null>(null);
  const [composer, setComposer] = useState<CommentVisibility | null>(null);
  const [transferring, setTransferring] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly opened ticket starts without a confirmation.
  useEffect(() => {
    setConfirm(null);
    setComposer(null);
    setTransferring(false);
  }, [ticketId]);

  const current = ticketId !== null ? (latest.data ?? ticket) : null;
  // While the dialog fades out after closing, it keeps showing the ticket it had.
  const lastShown = useRef<Ticket | null>(null);
  if (current) lastShown.current = current;
  const shown = current ?? lastShown.current;
  const actor = { role: user?.role ?? '', city: user?.city ?? null };
  // Holding the open stage in a recused holder's place (ADR 0048), the user acts as that stage's role.
  const holder = shown ? holderActor(user, shown) : null;
  const actions = shown ? dialogActions(holder ?? actor, shown) : [];
  // A ticket filed under the wrong city or committee: its city president or an admin may move it
  // instead of rejecting it (the same table the api enforces).
  const mayTransfer = shown ? decide(actor, 'transfer', shown).ok : false;
  // A primary's duplicates at its stage may take the same step with it (ADR 0056).
  const duplicates = shown ? duplicatesAtStage(shown) : 0;

  const act = (action: DialogAction, comment: string, applyToDuplicates: boolean) => {
    if (!shown) return;
    send(
      { role: actor.role, ticket: shown, action, comment, asHolder: holder !== null, applyToDuplicates },
      {
        onSuccess: () => {
          showToast(
            'green',
            applyToDuplicates
              ? t('confirm.appliedToDuplicates', { done: t(actionSuccessMessage(action)) })
              : t(actionSuccessMessage(action)),
          );
          setConfirm(null);
          closeTimer.current = setTimeout(onClose, DIALOG_CLOSE_AFTER_ACTION_MS);
        },
        onError: (error) => {
          if (error.status === 409) {
            setConfirm(null);
            // Someone else acted first (docs/architecture.md#workflow): say so; the ticket as it is now follows.
            showToast('red', t('common:errors.actionFailed', { message: t('details.staleMessage') }));
          } else showToast('red', t('common:errors.actionFailed', { message: errorText(t, error) }));
        },
      },
    );
  };

  const files = shown ? ticketFiles(shown) : [];
  const people = shown ? assignedTo(shown) : [];
  const history = (ticketId !== null && historyQuery.data) || shown?.comments || [];

  return (
    <>
      <Modal
        opened={ticketId !== null}
        onClose={onClose}
        title={
          shown || ticketId !== null
            ? t('details.title', { id: ticketIdDisplay(shown?.id ?? ticketId ?? 0) })
            : ''
        }
        size="xl"
        fullScreen={mobile}
        closeButtonProps={{ 'aria-label': t('details.close') }}
      >
        {!shown && ticketId !== null && latest.isPending && <LoadingLine text={t('details.loading')} />}
        {!shown && latest.error && (
          <Alert color="red" variant="light">
            {t('details.openFailed', { message: latest.error.message })}
          </Alert>
        )}
        {shown && (
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.7">
                {t('details.submittedOn', { date: formatDateTime(shown.createdAt) })}
              </Text>
              {latest.isFetching && <LoadingLine text={t('details.loading')} />}
            </Group>
            {latest.error && (
              <Alert color="yellow" variant="light">
                {t('details.loadFailed', { message: latest.error.message })}
              </Alert>
            )}
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
              <DetailField label={t('details.memberName')}>
                <Group gap={6}>
                  {shown.customer?.fullName ?? t('details.notProvided')}
                  {/* The member asked to be kept from the chapter (ADR 0049): an alias to it. */}
                  {(shown.customer?.shielded || shown.shieldIdentity) && (
                    <TintedBadge color="grape" data-shielded>
                      {t('common:recusal.shielded')}
                    </TintedBadge>
                  )}
                  {shown.concernsOfficeBearer && (
                    <TintedBadge color="orange">{t('common:recusal.concernsOfficeBearer')}</TintedBadge>
                  )}
                </Group>
              </DetailField>
              {shown.shieldIdentity && (user?.role === 'admin' || user?.role === 'credaipresident') && (
                <DetailField label={t('common:recusal.unmask')}>
                  <UnmaskMember ticketId={shown.id} />
                </DetailField>
              )}
              {shown.againstName && (
                <DetailField label={t('common:recusal.againstLabel')}>{shown.againstName}</DetailField>
              )}
              <DetailField label={t('details.city')}>
                {ticketCity(shown) || t('common:city.unknown')}
              </DetailField>
              <DetailField label={t('details.mobile')}>
                {shown.customer?.mobile || t('details.notProvided')}
              </DetailField>
              <DetailField label={t('details.email')}>
                {shown.customer?.email || t('details.notProvided')}
              </DetailField>
              <DetailField label={t('details.status')}>
                <Group gap={6}>
                  <StatusBadge status={shown.status} />
                  {shown.closedAt && (
                    <TintedBadge color="gray" data-closed>
                      {t('lastWord.closed')}
                    </TintedBadge>
                  )}
                </Group>
              </DetailField>
              <DetailField label={t('details.committee')}>
                {shown.committee?.name ?? t('details.notProvided')}
              </DetailField>
              {shown.type && <DetailField label={t('details.type')}>{shown.type}</DetailField>}
              {shown.category && <DetailField label={t('details.category')}>{shown.category}</DetailField>}
              {shown.project && (
                <DetailField label={t('details.project')}>
                  {/* The project's page: its tickets by status, open, overdue (ADR 0055). */}
                  <Anchor component={Link} to={`/projects/${shown.project.id}`} inherit fw={600}>
                    {shown.project.name}
                  </Anchor>{' '}
                  <Text span inherit c="gray.7">
                    ({t('details.projectRera', { number: shown.project.reraNumber })})
                  </Text>
                </DetailField>
              )}
            </SimpleGrid>
            <Section title={t('details.description')}>
              <WrittenText>{shown.description}</WrittenText>
            </Section>
            {files.length > 0 && (
              <Section title={t('details.attachment')}>
                <TicketAttachments files={files} />
              </Section>
            )}
            {shown.rejectionReason && (
              <Section title={t('details.rejectionReason')}>
                <WrittenText>{shown.rejectionReason}</WrittenText>
              </Section>
            )}
            {shown.resolutionMethod && (
              <Section title={t('details.resolutionMethod')}>
                <WrittenText>{shown.resolutionMethod}</WrittenText>
              </Section>
            )}
            <Section title={t('links.title')}>
              <TicketLinks ticketId={shown.id} links={shown.links ?? []} />
            </Section>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Section title={t('details.assignedTo')}>
                {people.length ? (
                  <Box component="ul" m={0} pl="md" fz="sm">
                    {people.map((person) => (
                      <li key={person.label}>
                        {t(person.label)}: {person.fullName}
                      </li>
                    ))}
                  </Box>
                ) : (
                  <Text size="sm">{t(NO_ASSIGNEES)}</Text>
                )}
              </Section>
              <Section title={t('details.currentlyWith')}>
                <Text size="sm">
                  {shown.currentAssignee
                    ? say(t, displayedAssignee(shown.status, shown.currentAssignee))
                    : named(t, currentlyWith(shown))}
                </Text>
              </Section>
            </SimpleGrid>
            {hasLastWord(shown) && (
              <Section title={t('lastWord.title')}>
                <LastWordPanel ticket={shown} />
              </Section>
            )}
            <Section title={t('interim.title')}>
              <StageDuePanel ticket={shown} />
            </Section>
            <Section title={t('details.history')}>
              <TicketHistory entries={history} />
            </Section>
            {composer ? (
              <StaffReplyForm
                key={composer}
                ticketId={shown.id}
                visibility={composer}
                onDone={() => setComposer(null)}
              />
            ) : (
              <Group gap="sm" wrap="wrap">
                <Button variant="light" onClick={() => setComposer('public')}>
                  {t('conversation.replyToMember')}
                </Button>
                <Button variant="default" onClick={() => setComposer('internal')}>
                  {t('conversation.addInternalNote')}
                </Button>
              </Group>
            )}
            <Section title={t('messages.title')}>
              <TicketMessages ticketId={shown.id} />
            </Section>
            <Section title={t('shareLink.title')}>
              <ShareLinkRotation ticketId={shown.id} memberId={shown.customer?.id ?? null} />
            </Section>
            {actions.length > 0 && (
              <>
                <Divider />
                <Group justify="flex-end" gap="sm" role="group" aria-label={t('details.actions')}>
                  {actions.includes('approve') && (
                    <Button onClick={() => setConfirm('approve')} disabled={busy}>
                      {t('details.approve')}
                    </Button>
                  )}
                  {actions.includes('reject') && (
                    <Button
                      color={REJECT_COLOR}
                      variant="outline"
                      onClick={() => setConfirm('reject')}
                      disabled={busy}
                    >
                      {t('details.reject')}
                    </Button>
                  )}
                  {actions.includes('resolve') && (
                    <Button color={RESOLVE_COLOR} onClick={() => setConfirm('resolve')} disabled={busy}>
                      {t('details.resolve')}
                    </Button>
                  )}
                </Group>
              </>
            )}
          </Stack>
        )}
      </Modal>
      <ConfirmActionDialog
        action={confirm}
        busy={busy}
        fullScreen={false}
        onCancel={() => setConfirm(null)}
        onConfirm={act}
        duplicates={duplicates}
        onTransfer={
          mayTransfer
            ? () => {
                setConfirm(null);
                setTransferring(true);
              }
            : undefined
        }
      />
      <TransferDialog
        ticket={transferring ? shown : null}
        fullScreen={false}
        onCancel={() => setTransferring(false)}
        onDone={(city) => {
          setTransferring(false);
          showToast('green', t('transfer.done', { city }));
          closeTimer.current = setTimeout(onClose, DIALOG_CLOSE_AFTER_ACTION_MS);
        }}
      />
    </>
  );
}

/** A small spinner with its text: the ticket's first load, and a refetch behind the shown details. */
function LoadingLine({ text }: { text: string }) {
  return (
    <Group gap={6}>
      <Loader size="xs" />
      <Text size="xs" c="gray.7">
        {text}
      </Text>
    </Group>
  );
}
