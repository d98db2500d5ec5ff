import { Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, NOTICE_LANGUAGES, type NoticeLanguage } from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { USER_ADMIN_NS } from '../../../i18n';
import { useNotice, usePublishNotice } from '../api/usePrivacy';

/**
 * The privacy notice (ADR 0068): the version the submit form shows, and a new version published
 * in every language at once, with the grievance officer's contact.
 */
export function NoticePublisher() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const notices = { en: useNotice('en'), hi: useNotice('hi'), mr: useNotice('mr') };
  const publish = usePublishNotice();
  const [texts, setTexts] = useState<Record<NoticeLanguage, string> | null>(null);
  const [officer, setOfficer] = useState({ name: '', email: '', phone: '' });
  const [published, setPublished] = useState<number | null>(null);
  const loaded = NOTICE_LANGUAGES.every((lang) => notices[lang].data);
  const current = notices.en.data;

  // The form starts from the current version once it has loaded.
  useEffect(() => {
    if (!loaded || texts) return;
    setTexts({
      en: notices.en.data?.text ?? '',
      hi: notices.hi.data?.text ?? '',
      mr: notices.mr.data?.text ?? '',
    });
    if (current) setOfficer(current.grievanceOfficer);
  }, [loaded, texts, notices.en.data, notices.hi.data, notices.mr.data, current]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="privacy-notice-title">
      <Title order={2} size="h3" id="privacy-notice-title">
        {t('privacy.notice.title')}
      </Title>
      <Text size="sm">
        {current ? t('privacy.notice.current', { version: current.version }) : t('privacy.notice.loading')}
      </Text>
      {published !== null && (
        <Banner color="green" role="status">
          {t('privacy.notice.published', { version: published })}
        </Banner>
      )}
      {publish.error && <Banner color="red">{errorText(t, publish.error)}</Banner>}
      {texts && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate(
              { texts, grievanceOfficer: officer },
              { onSuccess: (answer) => setPublished(answer.version) },
            );
          }}
        >
          <Stack gap="sm">
            {NOTICE_LANGUAGES.map((lang) => (
              <Textarea
                key={lang}
                lang={lang}
                label={t(`privacy.notice.text.${lang}`)}
                value={texts[lang]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setTexts((before) => (before ? { ...before, [lang]: value } : before));
                }}
                autosize
                minRows={3}
                maxRows={8}
                required
              />
            ))}
            <Group grow preventGrowOverflow={false} wrap="wrap">
              {(['name', 'email', 'phone'] as const).map((field) => (
                <TextInput
                  key={field}
                  label={t(`privacy.notice.officer.${field}`)}
                  value={officer[field]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setOfficer((before) => ({ ...before, [field]: value }));
                  }}
                  required
                  style={{ minWidth: 200 }}
                />
              ))}
            </Group>
            <Group>
              <Button type="submit" loading={publish.isPending}>
                {t('privacy.notice.publish')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
