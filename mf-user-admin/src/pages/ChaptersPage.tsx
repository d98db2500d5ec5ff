import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAllowed } from '../components/NotAllowed';
import { ChaptersAdmin } from '../features/chapters/components/ChaptersAdmin';
import { ProjectImport } from '../features/chapters/components/ProjectImport';
import { ProjectRegister } from '../features/chapters/components/ProjectRegister';
import { useAdminAccess } from '../hooks/useAdminAccess';
import { USER_ADMIN_NS } from '../i18n';

/**
 * /chapters: the association's chapters (cities), their committees and convenor, each chapter's
 * calendar and its SLA per stage (docs/architecture.md#time-and-service-levels), and the
 * register of the chapters' RERA projects with its CSV import (ADR 0055, ADR 0072).
 * Admins only, like the user screens; the api refuses anyone else.
 */
export default function ChaptersPage() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const { allowed } = useAdminAccess();
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('chapters.title')}</Title>
        {allowed ? (
          <>
            <ChaptersAdmin />
            <ProjectRegister />
            <ProjectImport />
          </>
        ) : (
          <NotAllowed bodyKey="chapters.notAllowed" />
        )}
      </Stack>
    </Container>
  );
}
