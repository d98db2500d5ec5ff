import { Badge, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseRole, useAuth } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { roleDescription } from '../rules/roleDescription';

/** The roles of the review chain, in the order docs/product.md#overview describes them. */
const CHAIN = ['citypresident', 'convenor', 'observer', 'admin', 'credaipresident'] as const;

/** docs/product.md#overview, docs/product.md#dashboard: the information card with the role descriptions; the signed-in role is marked. */
export function RoleInfoCard() {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const role = normaliseRole(useAuth((state) => state.user?.role));
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('info.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {CHAIN.map((entry) => {
          const mine = entry === role;
          return (
            <Box
              component="li"
              key={entry}
              p="xs"
              bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Text size="sm" fw={mine ? 600 : 400}>
                {t(roleDescription(entry) ?? '')}{' '}
                {mine && (
                  <Badge component="span" size="sm" variant="filled" ml={4}>
                    {t('info.yourRole')}
                  </Badge>
                )}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
