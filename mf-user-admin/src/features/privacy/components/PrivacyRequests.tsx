import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, formatDateTime, type PrivacyRequest } from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { QueryFrame } from '../../../components/QueryFrame';
import { USER_ADMIN_NS } from '../../../i18n';
import { useAnswerRequest, usePrivacyRequests } from '../api/usePrivacy';

const STATUS_COLORS = { open: 'blue', waiting: 'yellow', done: 'green', declined: 'gray' } as const;

/** One request: what the member asked, when it is due, and the admin's two answers. */
function RequestCard({ request }: { request: PrivacyRequest }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const answer = useAnswerRequest();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const label = t('privacy.requests.cardLabel', { id: request.id, kind: t(`privacy.kinds.${request.kind}`) });
  return (
    <Paper withBorder p="sm" component="article" aria-label={label}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            {label}
          </Title>
          <Badge color={STATUS_COLORS[request.status]} variant="light" c="dark.9">
            {t(`privacy.statuses.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{t('privacy.requests.member', { id: request.memberId })}</Text>
        <Text size="sm">
          {t('privacy.requests.dates', {
            filed: formatDateTime(request.createdAt),
            due: formatDateTime(request.dueAt),
          })}
        </Text>
        {request.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.text}
          </Text>
        )}
        {request.declineReason && (
          <Text size="sm">{t('privacy.requests.declinedBecause', { reason: request.declineReason })}</Text>
        )}
        {answer.error && <Banner color="red">{errorText(t, answer.error)}</Banner>}
        {request.status === 'open' && !declining && (
          <Group>
            <Button
              size="xs"
              loading={answer.isPending}
              onClick={() => answer.mutate({ id: request.id, answer: { decline: false } })}
            >
              {t(`privacy.requests.execute.${request.kind}`)}
            </Button>
            <Button size="xs" variant="default" onClick={() => setDeclining(true)}>
              {t('privacy.requests.decline')}
            </Button>
          </Group>
        )}
        {request.status === 'open' && declining && (
          <Stack gap={6}>
            <Textarea
              label={t('privacy.requests.reason')}
              description={t('privacy.requests.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Group>
              <Button
                size="xs"
                color="red.8"
                disabled={reason.trim() === ''}
                loading={answer.isPending}
                onClick={() =>
                  answer.mutate({ id: request.id, answer: { decline: true, reason: reason.trim() } })
                }
              >
                {t('privacy.requests.confirmDecline')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setDeclining(false)}>
                {t('privacy.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The members' requests about their data (ADR 0050): open ones by due date (the api's clock sets
 * it), or all; an admin executes one (an erasure erases the member) or declines it with a reason.
 * Either way the member is told by email.
 */
export function PrivacyRequests() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const [state, setState] = useState<'open' | 'all'>('open');
  const query = usePrivacyRequests(state);
  return (
    <Stack gap="sm" component="section" aria-labelledby="privacy-requests-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="privacy-requests-title">
          {t('privacy.requests.title')}
        </Title>
        <SegmentedControl
          aria-label={t('privacy.requests.show')}
          value={state}
          onChange={(value) => setState(value as 'open' | 'all')}
          data={[
            { value: 'open', label: t('privacy.requests.open') },
            { value: 'all', label: t('privacy.requests.all') },
          ]}
        />
      </Group>
      <Text size="sm">{t('privacy.requests.intro')}</Text>
      <QueryFrame
        query={query}
        loadFailed={t('privacy.requests.loadFailed')}
        retryLabel={t('privacy.retry')}
        loadingLabel={t('privacy.requests.loading')}
      >
        {query.data?.requests.length === 0 ? (
          <Text size="sm">{t('privacy.requests.empty')}</Text>
        ) : (
          query.data?.requests.map((request) => <RequestCard key={request.id} request={request} />)
        )}
      </QueryFrame>
    </Stack>
  );
}
