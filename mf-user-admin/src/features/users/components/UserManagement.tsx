import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminUser,
  pageCount,
  type Role,
  USER_SUCCESS_MESSAGE_MS,
  USERS_PAGE_SIZE,
} from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { NotAllowed } from '../../../components/NotAllowed';
import { QueryFrame } from '../../../components/QueryFrame';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { useTimedMessage } from '../../../hooks/useTimedMessage';
import { USER_ADMIN_NS } from '../../../i18n';
import { type UserPageQuery, useUserPage } from '../api/useUserPage';
import { type UserFormMode, userFormTexts } from '../rules/userFormValidation';
import { USER_ROLE_FILTER_OPTIONS } from '../rules/userRoleFilter';
import { UserCards } from './UserCards';
import { UserFormModal } from './UserFormModal';
import { UserPagination } from './UserPagination';
import { UserTable } from './UserTable';

/** Typing in the search box waits this long before asking the api. */
export const SEARCH_DEBOUNCE_MS = 300;

type Editing = { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;

/**
 * docs/product.md#user-management for someone the page lets in (an admin, or an unknown role): role
 * filter, search, Add User, banners, spinner, the table (cards on small screens), pagination and
 * the Add/Edit modal. A 403 from the api turns it into the 'not allowed' state.
 */
export function UserManagement() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const mobile = useIsMobile();
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [query, setQuery] = useState<UserPageQuery>({ role: '', search: '', page: 1 });
  const [editing, setEditingState] = useState<Editing>(null);
  // The button that opened the form gets the focus back when it closes (WCAG 2.4.3): the form is
  // unmounted on close, so the modal's own focus return never runs.
  const opener = useRef<HTMLElement | null>(null);
  const setEditing = (next: Editing) => {
    if (next && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    setEditingState(next);
  };
  useEffect(() => {
    if (editing || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    if (target.isConnected) target.focus();
  }, [editing]);
  const [success, showSuccess] = useTimedMessage(USER_SUCCESS_MESSAGE_MS);
  const list = useUserPage(query);

  // A new search term starts again on page 1 (so does a new role, below).
  useEffect(() => {
    setQuery((current) =>
      current.search === debouncedSearch ? current : { ...current, search: debouncedSearch, page: 1 },
    );
  }, [debouncedSearch]);

  // A page that no longer exists (the list got shorter) becomes the last one.
  const total = list.data?.total ?? 0;
  useEffect(() => {
    if (!list.data) return;
    const last = pageCount(list.data.total, USERS_PAGE_SIZE);
    if (query.page > last) setQuery((current) => ({ ...current, page: last }));
  }, [list.data, query.page]);

  if (list.error?.status === 403) return <NotAllowed />;

  const saved = (_user: AdminUser, mode: UserFormMode) => {
    setEditing(null);
    // The save invalidated the users lists: this page is asked for again.
    showSuccess(t(userFormTexts(mode).success));
  };

  const users = list.data?.users ?? [];
  const firstLoad = list.isPending;

  return (
    <Stack gap="md">
      <Text c="gray.7">{t('users.intro')}</Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 auto' }}>
          <NativeSelect
            label={t('users.roleFilter')}
            data={USER_ROLE_FILTER_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
            value={query.role}
            onChange={(event) => {
              const role = event.currentTarget.value as '' | Role;
              setQuery((current) => ({ ...current, role, page: 1 }));
            }}
            w={mobile ? '100%' : 200}
          />
          <TextInput
            label={t('users.search')}
            type="search"
            placeholder={t('users.searchPlaceholder')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            w={mobile ? '100%' : 300}
          />
        </Group>
        <Button onClick={() => setEditing({ mode: 'create' })} fullWidth={mobile}>
          {t('users.addUser')}
        </Button>
      </Group>

      {success && (
        <Banner color="green" role="status">
          {success}
        </Banner>
      )}
      <QueryFrame
        query={list}
        loadFailed={t('users.loadFailed')}
        retryLabel={t('users.retry')}
        loadingLabel={t('users.loading')}
        loading={firstLoad || (list.isFetching && users.length === 0)}
      >
        {list.data &&
          (users.length === 0 ? (
            <Text c="gray.7" py="lg" ta="center">
              {t('users.empty')}
            </Text>
          ) : (
            <div
              aria-busy={list.isFetching}
              style={{ opacity: list.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {mobile ? (
                <UserCards users={users} onEdit={(user) => setEditing({ mode: 'edit', user })} />
              ) : (
                <UserTable users={users} onEdit={(user) => setEditing({ mode: 'edit', user })} />
              )}
              <UserPagination
                page={query.page}
                total={total}
                mobile={mobile}
                onPage={(page) => setQuery((current) => ({ ...current, page }))}
              />
            </div>
          ))}
      </QueryFrame>

      {editing && (
        <UserFormModal
          mode={editing.mode}
          user={editing.mode === 'edit' ? editing.user : undefined}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}
