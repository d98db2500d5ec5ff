import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CANNED_VARIABLE_LIST,
  type CannedResponse,
  errorText,
  loadDevanagariFont,
  useAuth,
} from 'shared-contracts';
import { showToast } from '../../../components/showToast';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useCannedResponses, useDeleteCannedResponse } from '../api/cannedResponses';
import { mayKeepCannedAnswers } from '../rules/deskToolAccess';
import { CannedResponseForm } from './CannedResponseForm';

/**
 * /canned-responses (ADR 0065): the canned answers a city president or an admin keeps, each with
 * its chapter and how many replies were sent with it; add, edit and delete where the caller may
 * (the api decides, and says so as `editable`).
 */
export default function CannedResponsesScreen() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const role = useAuth((state) => state.user?.role);
  const answers = useCannedResponses();
  const remove = useDeleteCannedResponse();
  const [editing, setEditing] = useState<CannedResponse | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedResponse | null>(null);
  // Every answer has Hindi and Marathi titles and texts: their letters must draw on an English page too.
  useEffect(() => {
    void loadDevanagariFont();
  }, []);

  if (!mayKeepCannedAnswers(role)) {
    return (
      <Alert color="orange" variant="light" role="alert" m="md">
        {t('canned.notAllowed')}
      </Alert>
    );
  }

  const list = answers.data?.cannedResponses ?? [];
  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('canned.title')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('canned.add')}</Button>
      </Group>
      <Text size="sm" c="gray.7">
        {t('canned.intro', { variables: CANNED_VARIABLE_LIST })}
      </Text>
      {answers.isPending && <Loader size="sm" aria-label={t('canned.loading')} />}
      {answers.isError && (
        <Alert color="red" variant="light" role="alert">
          {t('canned.loadFailed', { message: errorText(t, answers.error) })}
        </Alert>
      )}
      {answers.isSuccess && list.length === 0 && <Text size="sm">{t('canned.none')}</Text>}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((answer) => (
          <Paper key={answer.id} component="li" withBorder radius="md" p="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h5">
                  {answer.title.en}
                </Title>
                <Group gap="xs">
                  <Badge variant="light" color={answer.cityId === null ? 'blue' : 'grape'}>
                    {answer.city ?? t('canned.everyChapter')}
                  </Badge>
                  <Text size="xs" c="gray.7">
                    {t('canned.uses', { count: answer.uses })}
                  </Text>
                </Group>
              </Group>
              <Text size="sm" c="gray.8" lang="hi">
                {answer.title.hi}
              </Text>
              <Text size="sm" c="gray.8" lang="mr">
                {answer.title.mr}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={3}>
                {answer.text.en}
              </Text>
              {answer.editable && (
                <Group gap="xs" justify="flex-end">
                  <Button
                    variant="light"
                    size="xs"
                    aria-label={t('canned.editLabel', { title: answer.title.en })}
                    onClick={() => setEditing(answer)}
                  >
                    {t('canned.edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('canned.deleteLabel', { title: answer.title.en })}
                    onClick={() => setDeleting(answer)}
                  >
                    {t('canned.delete')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('canned.addTitle') : t('canned.editTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('canned.cancel') }}
      >
        {editing !== null && (
          <CannedResponseForm
            answer={editing === 'new' ? null : editing}
            role={role}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('canned.deleteTitle')}
        closeButtonProps={{ 'aria-label': t('canned.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('canned.deleteBody', { title: deleting?.title.en ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('canned.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    showToast('green', t('canned.deleted'));
                    setDeleting(null);
                  },
                  onError: (error) => showToast('red', t('canned.failed', { message: errorText(t, error) })),
                })
              }
            >
              {t('canned.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
