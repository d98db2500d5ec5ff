import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="gray.7">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** docs/product.md#user-management small screens: one card per user with the table's data and an Edit button. */
export function UserCards({ users, onEdit }: Props) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('users.table')}>
      {users.map((user) => (
        <Card component="li" key={user.id} withBorder padding="md" aria-label={user.fullName}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {user.fullName}
            </Text>
            <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
              {t('users.columns.id')} {user.id}
            </Text>
          </Group>
          <Group gap="xs" mt={6}>
            <RoleBadge role={user.role} />
            <StatusBadge active={user.isActive} />
          </Group>
          <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" mt="sm" mb={0}>
            <Field label={t('users.columns.email')} wide>
              <Email address={user.email} />
            </Field>
            <Field label={t('users.columns.mobile')}>{user.mobile}</Field>
            <Field label={t('users.columns.city')}>{user.city || <EmptyValue />}</Field>
            <Field label={t('users.columns.committee')} wide>
              {user.committee?.trim() || <EmptyValue />}
            </Field>
          </SimpleGrid>
          <Button
            mt="sm"
            variant="light"
            fullWidth
            aria-label={t('users.editUser', { name: user.fullName })}
            onClick={() => onEdit(user)}
          >
            {t('users.edit')}
          </Button>
        </Card>
      ))}
    </Stack>
  );
}
