import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, formatDay, type InterestKind, type StaffInterestInput } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useMyInterests, useSaveInterests } from '../api/useInterests';

interface Row extends StaffInterestInput {
  declaredAt?: string;
}

/**
 * Declared interests (ADR 0048): the firms and projects the staff member is tied to. A ticket
 * against one of them passes them over to the next holder of the chain; each change is dated and
 * audited.
 */
export function InterestsSettings() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const titleId = useId();
  const interests = useMyInterests();
  const save = useSaveInterests();
  const [rows, setRows] = useState<Row[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // The list is saved whole: until the declarations are read, a row added or a save would drop them.
  const loaded = interests.data !== undefined;

  useEffect(() => {
    if (interests.data) setRows(interests.data.interests.map((interest) => ({ ...interest })));
  }, [interests.data]);

  const change = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const submit = () => {
    setOutcome(null);
    const wanted = rows
      .filter((row) => row.name.trim())
      .map((row) => ({ kind: row.kind, name: row.name.trim(), projectId: row.projectId ?? null }));
    save.mutate(wanted, {
      onSuccess: () => setOutcome({ ok: true, text: t('common:recusal.interestsSaved') }),
      onError: (error) => setOutcome({ ok: false, text: errorText(t, error) }),
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('common:recusal.interestsTitle')}
        </Title>
        <Text size="sm">{t('common:recusal.interestsIntro')}</Text>
        {interests.isPending && <Loader size="sm" aria-label={t('common:recusal.interestsTitle')} />}
        {interests.error && (
          <Alert color="red" variant="light">
            {errorText(t, interests.error)}
          </Alert>
        )}
        {rows.length === 0 && !interests.isPending && (
          <Text size="sm">{t('common:recusal.interestsNone')}</Text>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their place is their identity
          <Group key={index} gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('common:recusal.interestKind')}
              value={row.kind}
              data={(['firm', 'project'] as InterestKind[]).map((kind) => ({
                value: kind,
                label: t(`common:recusal.kind.${kind}`),
              }))}
              onChange={(event) => change(index, { kind: event.currentTarget.value as InterestKind })}
            />
            <TextInput
              label={t('common:recusal.interestName')}
              value={row.name}
              onChange={(event) => change(index, { name: event.currentTarget.value })}
              description={
                row.declaredAt
                  ? t('common:recusal.declaredOn', { date: formatDay(row.declaredAt.slice(0, 10)) })
                  : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              style={{ flex: 1, minWidth: 200 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('common:recusal.removeInterest', { name: row.name })}
              onClick={() => setRows((current) => current.filter((_row, at) => at !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={!loaded}
            onClick={() => setRows((current) => [...current, { kind: 'firm', name: '' }])}
          >
            {t('common:recusal.addInterest')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!loaded}>
            {t('common:recusal.saveInterests')}
          </Button>
        </Group>
        {outcome && (
          <Alert color={outcome.ok ? 'green' : 'red'} variant="light" role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
