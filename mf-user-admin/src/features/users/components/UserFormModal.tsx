import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminUser,
  errorText,
  fieldErrorsFromDetails,
  MOBILE_DIGITS,
  ROLES,
  roleLabel,
  say,
  toApiError,
} from 'shared-contracts';
import { Banner } from '../../../components/Banner';
import { USER_ADMIN_NS } from '../../../i18n';
import { useSaveUser } from '../api/saveUser';
import { useCityNames } from '../api/useCityNames';
import {
  type UserField,
  type UserFormMode,
  userFormTexts,
  validateUserForm,
} from '../rules/userFormValidation';
import { UserInterests } from './UserInterests';
import { UserSignInActions } from './UserSignInActions';

export interface UserFormValues {
  fullName: string;
  email: string;
  mobile: string;
  city: string;
  committee: string;
  role: string;
  password: string;
  isActive: boolean;
}

/** docs/product.md#data admin user record defaults: role Customer, active; the password is blank when editing. */
export function initialValues(user?: AdminUser): UserFormValues {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    city: user?.city ?? '',
    committee: user?.committee ?? '',
    role: user?.role ?? 'customer',
    password: '',
    isActive: user?.isActive ?? true,
  };
}

/** Hints under a field in a grey that reads at 4.5:1 (Mantine's dimmed grey does not). */
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * Field errors in a red that reads at 4.5:1 on white (the theme's error red, red.6, is 3.3:1).
 * The modal renders in a portal, so the variable is set on its content.
 */
const READABLE_ERRORS = { content: { '--mantine-color-error': 'var(--mantine-color-red-8)' } };

/** A field in error: its message, or just a mark (a 409's message is the banner's). */
type FieldErrors = Partial<Record<UserField, string | true>>;

const FIELDS: readonly UserField[] = [
  'fullName',
  'email',
  'mobile',
  'city',
  'committee',
  'role',
  'password',
  'isActive',
];

interface Props {
  mode: UserFormMode;
  /** The user being edited (edit mode). */
  user?: AdminUser;
  onClose: () => void;
  onSaved: (user: AdminUser, mode: UserFormMode) => void;
}

/**
 * docs/product.md#user-management Add/Edit modal: Full Name, Email, Mobile, City, Committee (optional), Role, Password,
 * Active; Cancel and 'Create User' / 'Update User' ('Saving...' and disabled while saving).
 * Validation is the shared docs/product.md#validation rule; a refused save shows the api's message in the banner and
 * keeps everything typed. Editing, the user's sign-in actions follow the form (UserSignInActions).
 */
export function UserFormModal({ mode, user, onClose, onSaved }: Props) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const texts = userFormTexts(mode);
  const cities = useCityNames();
  // The form's values and errors (@mantine/form), validated by the shared schema (ADR 0013).
  const form = useForm<UserFormValues>({
    initialValues: initialValues(user),
    validate: (values) => {
      const result = validateUserForm(values, mode);
      return result.ok ? {} : result.errors;
    },
  });
  const { values } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const { mutateAsync: save, isPending: saving } = useSaveUser();
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const bannerRef = useRef<HTMLDivElement>(null);

  // After a refused submit, the first field in error takes the focus (keyboard and screen
  // readers), and the api's banner at the top comes into view (on a phone the button that was
  // pressed is a screen further down).
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    bannerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [attempt]);

  const set = <K extends keyof UserFormValues>(field: K, value: UserFormValues[K]) =>
    form.setFieldValue(field, value as never);

  const send = async (checked: UserFormValues) => {
    if (saving) return;
    const result = validateUserForm(checked, mode);
    if (!result.ok) return;
    setServerError(null);
    try {
      const saved = await save({ mode, data: result.data, id: user?.id });
      onSaved(saved, mode);
    } catch (error) {
      const info = toApiError(error);
      setServerError(info.message);
      // A 400 carries a message per field (shown under it); a 409 names the field that clashes.
      const fields: FieldErrors = fieldErrorsFromDetails(
        info.details,
        FIELDS,
        info.status === 400 ? undefined : true,
      );
      form.setErrors(fields);
      setAttempt((n) => n + 1);
    }
  };
  const submit = form.onSubmit(
    (checked) => void send(checked),
    () => setAttempt((n) => n + 1),
  );

  const cityNames = cities.data ?? [];
  const cityOptions = [
    { value: '', label: t('form.cityPlaceholder') },
    ...(values.city && !cityNames.includes(values.city) ? [values.city] : []),
    ...cityNames,
  ];
  const roleOptions = ROLES.map((role) => ({ value: role, label: say(t, roleLabel(role)) }));
  // The shared schema's and the api's English texts, in the page's language (ADR 0024); a mark
  // (`true`, a 409 names the field) stays a mark.
  const errorOf = (field: UserField) => {
    const error = form.errors[field];
    return typeof error === 'string' ? errorText(t, error) : error;
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!saving) onClose();
      }}
      title={t(texts.title)}
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      styles={READABLE_ERRORS}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && (
            <Banner ref={bannerRef} color="red" title={t('form.saveFailed')}>
              {errorText(t, serverError)}
            </Banner>
          )}
          {cities.error && (
            <Banner color="orange">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('form.citiesFailed', { message: errorText(t, cities.error) })}</Text>
                <Button size="xs" variant="default" onClick={() => void cities.refetch()}>
                  {t('form.retryCities')}
                </Button>
              </Group>
            </Banner>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('form.fullName')}
              name="fullName"
              withAsterisk
              autoComplete="off"
              value={values.fullName}
              error={errorOf('fullName')}
              onChange={(event) => set('fullName', event.currentTarget.value)}
            />
            <TextInput
              label={t('form.email')}
              name="email"
              type="email"
              withAsterisk
              autoComplete="off"
              value={values.email}
              error={errorOf('email')}
              onChange={(event) => set('email', event.currentTarget.value)}
            />
            <TextInput
              label={t('form.mobile')}
              name="mobile"
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              maxLength={MOBILE_DIGITS}
              placeholder={t('form.mobileHint')}
              value={values.mobile}
              error={errorOf('mobile')}
              onChange={(event) =>
                set('mobile', event.currentTarget.value.replace(/\D/g, '').slice(0, MOBILE_DIGITS))
              }
            />
            <NativeSelect
              label={t('form.city')}
              name="city"
              withAsterisk
              data={cityOptions}
              value={values.city}
              description={cities.isPending ? t('form.citiesLoading') : undefined}
              styles={READABLE_DESCRIPTION}
              error={errorOf('city')}
              onChange={(event) => set('city', event.currentTarget.value)}
            />
            <TextInput
              label={t('form.committee')}
              name="committee"
              autoComplete="off"
              value={values.committee}
              error={errorOf('committee')}
              onChange={(event) => set('committee', event.currentTarget.value)}
            />
            <NativeSelect
              label={t('form.role')}
              name="role"
              withAsterisk
              data={roleOptions}
              value={values.role}
              error={errorOf('role')}
              onChange={(event) => set('role', event.currentTarget.value)}
            />
            <PasswordInput
              label={t(texts.password)}
              name="password"
              withAsterisk={mode === 'create'}
              autoComplete="new-password"
              value={values.password}
              error={errorOf('password')}
              onChange={(event) => set('password', event.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox
            label={t('form.active')}
            description={t('form.activeHint')}
            styles={READABLE_DESCRIPTION}
            name="isActive"
            checked={values.isActive}
            error={errorOf('isActive')}
            onChange={(event) => set('isActive', event.currentTarget.checked)}
          />
          {/* What a staff user declared they are tied to (ADR 0048), for admins to see. */}
          {mode === 'edit' && user && user.role !== 'customer' && <UserInterests userId={user.id} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t('form.saving') : t(texts.submit)}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: its confirmations are no part of the save (ADR 0054). */}
      {mode === 'edit' && user && (
        <>
          <Divider my="lg" />
          <UserSignInActions user={user} />
        </>
      )}
    </Modal>
  );
}
