import { Box, Button, Card, FileInput, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, PROJECT_CSV_COLUMNS, type ProjectImportResponse } from 'shared-contracts';
import { USER_ADMIN_NS } from '../../../i18n';
import { useImportProjects } from '../api/useProjects';
import { importHasChanges, importLineKey } from '../rules/projectForms';
import { type Outcome, OutcomeBanner } from './OutcomeBanner';

/** The counts of an import's answer, in a definition list. */
function ImportCounts({ answer }: { answer: ProjectImportResponse }) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Group component="dl" gap="lg" m={0} wrap="wrap">
      {(['added', 'changed', 'unchanged', 'refused'] as const).map((kind) => (
        <Box key={kind}>
          <Text component="dt" size="xs" c="gray.7">
            {t(`projects.import.counts.${kind}`)}
          </Text>
          <Text component="dd" m={0} fw={700}>
            {answer[kind]}
          </Text>
        </Box>
      ))}
    </Group>
  );
}

/**
 * Import projects from a CSV file (ADR 0055): the file is read in the browser and sent as CSV
 * text; a dry run first shows what each line would do (added, changed, or refused with its
 * reason, line by line); Import then sends the same text for real, done in one transaction.
 */
export function ProjectImport() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const importer = useImportProjects();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [answer, setAnswer] = useState<ProjectImportResponse | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = (text: string, dryRun: boolean) =>
    importer.mutate(
      { csv: text, dryRun },
      {
        onSuccess: (result) => {
          setAnswer(result);
          setOutcome(
            result.dryRun
              ? null
              : {
                  ok: true,
                  text: t('projects.import.done', { added: result.added, changed: result.changed }),
                },
          );
          if (!result.dryRun) setCsv(null);
        },
        onError: (error) =>
          setOutcome({ ok: false, text: t('projects.import.failed', { message: errorText(t, error) }) }),
      },
    );

  const check = async () => {
    if (!file) return;
    setOutcome(null);
    setAnswer(null);
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ ok: false, text: t('projects.import.readFailed') });
      return;
    }
    setCsv(text);
    send(text, true);
  };

  const pending = answer?.dryRun && csv !== null ? answer : null;

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="projects-import-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="projects-import-heading">
          {t('projects.import.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('projects.import.intro', { columns: PROJECT_CSV_COLUMNS.join(', ') })}
        </Text>
        <OutcomeBanner outcome={outcome} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label={t('projects.import.file')}
            placeholder={t('projects.import.filePlaceholder')}
            accept=".csv,text/csv"
            clearable
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setAnswer(null);
              setCsv(null);
              setOutcome(null);
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <Button onClick={check} disabled={!file} loading={importer.isPending && importer.variables?.dryRun}>
            {t('projects.import.check')}
          </Button>
        </Group>
        {answer && (
          <Stack gap="xs">
            <Text fw={600}>
              {t(answer.dryRun ? 'projects.import.dryRunTitle' : 'projects.import.doneTitle')}
            </Text>
            <ImportCounts answer={answer} />
            {answer.lines.length > 0 && (
              <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
                <Table striped withTableBorder fz="sm" aria-label={t('projects.import.lines')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('projects.import.line')}</Table.Th>
                      <Table.Th scope="col">{t('projects.import.number')}</Table.Th>
                      <Table.Th scope="col">{t('projects.import.outcome')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.lines.map((line) => (
                      <Table.Tr key={line.line}>
                        <Table.Td>{line.line}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.reraNumber}</Table.Td>
                        <Table.Td c={line.outcome === 'refused' ? 'red.9' : undefined}>
                          {t(importLineKey(line))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {pending && (
              <Group gap="sm">
                <Button
                  color="teal.9"
                  disabled={!importHasChanges(pending)}
                  loading={importer.isPending && importer.variables?.dryRun === false}
                  onClick={() => csv !== null && send(csv, false)}
                >
                  {t('projects.import.commit', { count: pending.added + pending.changed })}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
