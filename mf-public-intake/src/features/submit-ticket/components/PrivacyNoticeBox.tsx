import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_LANGUAGES,
  type NoticeLanguage,
  type PrivacyNotice,
  privacyNoticeQuery,
} from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';

/** The page's language as a notice language (English for any other). */
export function noticeLanguageOf(language: string | undefined): NoticeLanguage {
  const short = (language ?? '').split('-')[0] as NoticeLanguage;
  return NOTICE_LANGUAGES.includes(short) ? short : 'en';
}

/** The current privacy notice in the page's language (ADR 0068). */
export function usePrivacyNotice(): PrivacyNotice | undefined {
  const { i18n } = useTranslation(PUBLIC_INTAKE_NS);
  return useQuery({ ...privacyNoticeQuery(noticeLanguageOf(i18n.language)), retry: 1 }).data;
}

/**
 * The privacy notice on the submit form (ADR 0068): short, the whole in a native disclosure (it
 * opens without a script), and the grievance officer. The form sends the version shown, which
 * the ticket records. Before the notice has loaded it draws an empty box: the page prerendered
 * for visitors without scripts has the api's HTML of the notice included there instead.
 */
export function PrivacyNoticeBox({ notice }: { notice: PrivacyNotice | undefined }) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  if (!notice) return <div id="privacy-notice" />;
  return (
    <Box
      component="section"
      id="privacy-notice"
      aria-labelledby="privacy-notice-title"
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Text component="h2" fw={600} size="sm" id="privacy-notice-title" m={0}>
        {t('addTicket.privacyNotice.title')}
      </Text>
      <Text size="sm" mt={4}>
        {t('addTicket.privacyNotice.short')}
      </Text>
      <Box component="details" mt={4} lang={notice.language}>
        <Text component="summary" size="sm" c="blue.8" style={{ cursor: 'pointer' }}>
          {t('addTicket.privacyNotice.whole', { version: notice.version })}
        </Text>
        {notice.text.split(/\n\s*\n/).map((paragraph) => (
          <Text key={paragraph.slice(0, 40)} size="sm" mt="xs">
            {paragraph.trim()}
          </Text>
        ))}
      </Box>
      <Text size="sm" mt={4}>
        {t('addTicket.privacyNotice.grievance', notice.grievanceOfficer)}
      </Text>
    </Box>
  );
}
