import { Button, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from 'shared-contracts';
import { Email } from '../../../components/Email';
import { RoleBadge } from '../../../components/RoleBadge';
import { StatusBadge } from '../../../components/StatusBadge';
import { USER_ADMIN_NS } from '../../../i18n';
import { EmptyValue } from './EmptyValue';

interface Props {
  users: AdminUser[];
  onEdit: (user: AdminUser) => void;
}

/** docs/product.md#user-management desktop table: ID, Name, Email, Mobile, City, Committee, Role, Status, Actions. */
export function UserTable({ users, onEdit }: Props) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('users.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.columns.id')}</Table.Th>
            <Table.Th>{t('users.columns.name')}</Table.Th>
            <Table.Th>{t('users.columns.email')}</Table.Th>
            <Table.Th>{t('users.columns.mobile')}</Table.Th>
            <Table.Th>{t('users.columns.city')}</Table.Th>
            <Table.Th>{t('users.columns.committee')}</Table.Th>
            <Table.Th>{t('users.columns.role')}</Table.Th>
            <Table.Th>{t('users.columns.status')}</Table.Th>
            <Table.Th>{t('users.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.id}</Table.Td>
              <Table.Td>{user.fullName}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                <Email address={user.email} />
              </Table.Td>
              <Table.Td>{user.mobile}</Table.Td>
              <Table.Td>{user.city || <EmptyValue />}</Table.Td>
              <Table.Td>{user.committee?.trim() || <EmptyValue />}</Table.Td>
              <Table.Td>
                <RoleBadge role={user.role} />
              </Table.Td>
              <Table.Td>
                <StatusBadge active={user.isActive} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('users.editUser', { name: user.fullName })}
                  onClick={() => onEdit(user)}
                >
                  {t('users.edit')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
