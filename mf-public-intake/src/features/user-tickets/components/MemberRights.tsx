import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, exportMemberData, fileMemberRequest, type PrivacyRequestKind } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';

/** Saves `data` as a JSON file on the device. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The member's rights from their private list link (ADR 0050): download their data as JSON, ask
 * for a correction or erasure (an admin answers on /privacy; the member is told by email), and
 * withdraw their consent to SMS and WhatsApp, which is done at once.
 */
export function MemberRights({ memberId, accessKey }: { memberId: number; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const [correction, setCorrection] = useState('');
  const [confirmErasure, setConfirmErasure] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const download = useMutation({
    mutationFn: () => exportMemberData(memberId, { accessKey }),
    onSuccess: (data) => {
      saveJson(data, `my-data-${memberId}.json`);
      setDone(t('memberRights.downloaded'));
    },
  });
  const ask = useMutation({
    mutationFn: (body: { kind: PrivacyRequestKind; text?: string }) =>
      fileMemberRequest(memberId, body, { accessKey }),
    onSuccess: (request) => {
      setConfirmErasure(false);
      if (request.kind === 'correction') setCorrection('');
      setDone(t(`memberRights.asked.${request.kind}`));
    },
  });
  const failure = download.error ?? ask.error;
  const busy = download.isPending || ask.isPending;

  return (
    <Stack gap="sm" component="section" aria-labelledby="member-rights-title">
      <Title order={2} size="h3" id="member-rights-title">
        {t('memberRights.title')}
      </Title>
      <Text size="sm">{t('memberRights.intro')}</Text>
      {done && (
        <Alert color="green" variant="light" role="status">
          {done}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, failure.message)}
        </Alert>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => download.mutate()}
          loading={download.isPending}
          disabled={busy}
        >
          {t('memberRights.download')}
        </Button>
        <Button variant="default" onClick={() => ask.mutate({ kind: 'withdraw-consent' })} disabled={busy}>
          {t('memberRights.withdraw')}
        </Button>
      </Group>
      <Textarea
        label={t('memberRights.correctionLabel')}
        description={t('memberRights.correctionHint')}
        value={correction}
        onChange={(event) => setCorrection(event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Group>
        <Button
          variant="default"
          disabled={busy || correction.trim() === ''}
          onClick={() => ask.mutate({ kind: 'correction', text: correction.trim() })}
        >
          {t('memberRights.askCorrection')}
        </Button>
        {confirmErasure ? (
          <>
            <Button color="red.8" disabled={busy} onClick={() => ask.mutate({ kind: 'erasure' })}>
              {t('memberRights.confirmErasure')}
            </Button>
            <Button variant="subtle" onClick={() => setConfirmErasure(false)}>
              {t('memberRights.cancel')}
            </Button>
          </>
        ) : (
          <Button variant="default" color="red" disabled={busy} onClick={() => setConfirmErasure(true)}>
            {t('memberRights.askErasure')}
          </Button>
        )}
      </Group>
      {confirmErasure && (
        <Text size="sm" role="status">
          {t('memberRights.erasureWarning')}
        </Text>
      )}
    </Stack>
  );
}
