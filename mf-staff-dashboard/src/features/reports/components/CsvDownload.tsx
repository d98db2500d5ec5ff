import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, exportReportCsv, type ReportExportQueryInput, toApiError } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { type CsvProgress, CsvRecordCounter } from '../rules/csvProgress';
import { sizeText } from '../rules/reportNumbers';

type DownloadState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: CsvProgress }
  | { phase: 'done'; fileName: string; rows: number }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

/** Hands a finished file to the browser as a download. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task; the address is freed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface CsvDownloadProps {
  query: ReportExportQueryInput;
  /** The button's visible text. */
  label: string;
  /** Its accessible name when several buttons share the visible text (it starts with the text). */
  name?: string;
}

/**
 * docs/product.md#reports: one CSV export through the api's streamed call. While the file
 * arrives the button gives way to a progress bar with the bytes and rows received and a Cancel
 * (the size is not known ahead: the api streams without a length); at the end the file is saved.
 */
export function CsvDownload({ query, label, name }: CsvDownloadProps) {
  const { t, i18n } = useTranslation(STAFF_DASHBOARD_NS);
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops a running export.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    const counter = new CsvRecordCounter();
    setState({ phase: 'running', progress: counter.progress() });
    try {
      const { blob, fileName } = await exportReportCsv(query, {
        language: i18n.language,
        signal: controller.signal,
        onProgress: (_bytes, chunk) => {
          counter.add(chunk);
          if (!controller.signal.aborted) setState({ phase: 'running', progress: counter.progress() });
        },
      });
      if (controller.signal.aborted) return;
      saveFile(blob, fileName);
      setState({ phase: 'done', fileName, rows: counter.progress().rows });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: 'failed', message: errorText(t, toApiError(error)) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  // Cancel shows at once: the abort ends the call, and whatever it still brings is dropped.
  const cancel = () => {
    running.current?.abort();
    setState({ phase: 'cancelled' });
  };

  const progress = state.phase === 'running' ? state.progress : null;
  return (
    <Stack gap={6} miw={0} align="flex-start">
      {progress ? (
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={100}
            striped
            animated
            flex={1}
            miw={80}
            aria-label={t('reports.csv.progressLabel', { name: name ?? label })}
          />
          <Button size="xs" variant="default" onClick={cancel}>
            {t('reports.csv.cancel')}
          </Button>
        </Group>
      ) : (
        <Button size="xs" variant="light" onClick={() => void start()} aria-label={name}>
          {label}
        </Button>
      )}
      <Text role="status" size="xs" c="gray.7">
        {progress
          ? t('reports.csv.progress', { size: sizeText(progress.bytes), count: progress.rows })
          : state.phase === 'done'
            ? t('reports.csv.done', { name: state.fileName, count: state.rows })
            : state.phase === 'cancelled'
              ? t('reports.csv.cancelled')
              : ''}
      </Text>
      {state.phase === 'failed' && (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Text size="xs">{t('reports.csv.failed', { message: state.message })}</Text>
        </Alert>
      )}
    </Stack>
  );
}
