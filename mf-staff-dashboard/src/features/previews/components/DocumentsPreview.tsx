import { Group, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { attachmentIcon } from 'shared-contracts';
import { DocFileIcon, FileIcon, ImageFileIcon, PdfFileIcon } from '../../../components/icons';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { PreviewPage } from './PreviewPage';
import { SAMPLE_DOCUMENTS } from './sampleData';

const ICONS = { pdf: PdfFileIcon, word: DocFileIcon, image: ImageFileIcon, file: FileIcon } as const;

/** docs/product.md#placeholder-screens placeholder: My Documents with sample files. */
export function DocumentsPreview() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  return (
    <PreviewPage title={t('documents.title')}>
      <Paper withBorder radius="md" p="md">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('documents.name')}</Table.Th>
              <Table.Th scope="col">{t('documents.size')}</Table.Th>
              <Table.Th scope="col">{t('documents.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SAMPLE_DOCUMENTS.map((document) => {
              const Icon = ICONS[attachmentIcon(document.name)];
              return (
                <Table.Tr key={document.name}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Icon />
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {document.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{document.size}</Table.Td>
                  <Table.Td>{document.updated}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </PreviewPage>
  );
}
