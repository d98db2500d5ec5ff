import { Alert, Box, Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ratingRequestSchema, refusalText, type Ticket } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { showSuccessToast } from '../../../lib/toast';
import { useRateTicket } from '../api/useLastWord';
import { STAR_LABELS } from '../rules/lastWord';

interface RatingValues {
  stars: number;
  comment: string;
}

/** The stars a member gave, read-only: one image named by the count, not five radios. */
function GivenStars({ stars }: { stars: number }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  return (
    <Rating value={stars} readOnly role="img" aria-label={t('lastWord.rate.given', { stars })} size="lg" />
  );
}

/**
 * 'Rate the outcome' (docs/architecture.md#the-members-last-word): 1 to 5 stars (each a radio
 * named by its meaning, so a screen reader and the keyboard can choose) and an optional comment,
 * checked by the shared schema; then a thank-you with the stars given. A refusal of the api
 * (ALREADY_RATED, CASE_CLOSED, …) shows in the form by its code's text, with the stars and the
 * comment kept.
 */
export function RateOutcome({ ticket, accessKey }: { ticket: Ticket; accessKey: string | null }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const labelId = useId();
  const errorId = useId();
  const rate = useRateTicket(ticket.id, accessKey);
  const form = useForm<RatingValues>({
    initialValues: { stars: 0, comment: '' },
    validate: (values) => {
      const parsed = ratingRequestSchema.safeParse(ratingBody(values));
      if (parsed.success) return {};
      const errors: Partial<Record<keyof RatingValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'comment' ? 'comment' : 'stars';
        errors[field] ??= errorText(t, issue.message);
      }
      return errors;
    },
  });

  if (ticket.rating) {
    return (
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('lastWord.rate.thanks')}
        </Text>
        <GivenStars stars={ticket.rating.stars} />
        {ticket.rating.comment && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t('lastWord.rate.yourComment', { comment: ticket.rating.comment })}
          </Text>
        )}
      </Stack>
    );
  }
  if (!ticket.lastWord?.canRate) return null;

  const submit = form.onSubmit((values) =>
    rate.mutate(ratingBody(values), {
      onSuccess: () => showSuccessToast(t('toast.success'), t('lastWord.rate.sent')),
    }),
  );
  const starsError = form.errors.stars;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('lastWord.rate.title')}>
      <Stack gap="sm">
        {rate.error && (
          <Alert color="red" variant="light" role="alert" title={t('lastWord.rate.failedTitle')}>
            {refusalText(t, rate.error)}
          </Alert>
        )}
        <Text size="sm">{t('lastWord.rate.intro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={600} id={labelId}>
            {t('lastWord.rate.stars')}
          </Text>
          {/*
            Mantine's Rating takes a star on a click of its label, or Enter and Space; a radio
            chosen with the arrow keys only lights up. The change of the radio itself (arrows, a
            screen reader's choice) is taken here too, so the keyboard rates as the mouse does.
          */}
          <Box
            onChange={(event) => {
              const radio = event.target;
              if (radio instanceof HTMLInputElement && radio.type === 'radio')
                form.setFieldValue('stars', Number(radio.value));
            }}
          >
            <Rating
              size="xl"
              role="radiogroup"
              aria-labelledby={labelId}
              aria-describedby={starsError ? errorId : undefined}
              aria-invalid={starsError ? true : undefined}
              getSymbolLabel={(value) => t(STAR_LABELS[value] ?? STAR_LABELS[0])}
              value={form.values.stars}
              onChange={(stars) => form.setFieldValue('stars', stars)}
            />
          </Box>
          {starsError && (
            <Text size="sm" c="red.8" id={errorId}>
              {starsError}
            </Text>
          )}
        </Stack>
        <Textarea
          label={t('lastWord.rate.comment')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('comment')}
        />
        <Group>
          <Button type="submit" loading={rate.isPending}>
            {t('lastWord.rate.submit')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** The body of POST /tickets/{id}/rating: a blank comment is left out. */
function ratingBody({ stars, comment }: RatingValues) {
  const text = comment.trim();
  return text ? { stars, comment: text } : { stars };
}
