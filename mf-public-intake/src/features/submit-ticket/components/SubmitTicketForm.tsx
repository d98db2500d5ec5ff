import {
  Alert,
  Box,
  Button,
  Checkbox,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  countWords,
  DESCRIPTION_MAX_WORDS,
  errorText,
  HELPLINE_NUMBER,
  isSubmitDisabled,
  OPT_IN_VALUE,
  SUBMIT_FIELDS_SHOWN,
  sanitiseMobileInput,
  type TicketSubmitForm,
  validateSubmitForm,
} from 'shared-contracts';
import { PublicPage } from '../../../components/PublicPage';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { takeQueuedSubmit, useQueuedSubmit } from '../../../lib/prerendered';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { NamedOption } from '../api/formOptions';
import { useCityPresident } from '../hooks/useCityPresident';
import { useFormOptions } from '../hooks/useFormOptions';
import { useSubmitTicket } from '../hooks/useSubmitTicket';
import { cityPresidentFieldText } from '../rules/cityPresidentField';
import { pickedProject, pickedProjectText, projectFieldError, typedProject } from '../rules/projectField';
import { AttachmentField } from './AttachmentField';
import { PrivacyNoticeBox, usePrivacyNotice } from './PrivacyNoticeBox';
import { ProjectField } from './ProjectField';

const EMPTY_FORM: TicketSubmitForm = {
  fullName: '',
  cityId: '',
  city: '',
  cityPresident: '',
  mobile: '',
  committeeId: '',
  committee: '',
  email: '',
  description: '',
  phoneUpdates: '',
  againstName: '',
  concernsOfficeBearer: '',
  shieldIdentity: '',
};

function selectData(placeholder: string, options: NamedOption[]) {
  return [
    { value: '', label: placeholder, disabled: true },
    ...options.map((option) => ({ value: String(option.id), label: option.name })),
  ];
}

/**
 * The public submit form (docs/product.md#submit-form, docs/product.md#submit-flow, docs/product.md#submit-form-validation),
 * on @mantine/form with the shared schema (ADR 0013). Name, mobile and description are checked as
 * they are typed, the email when it is left; every field again at submit, with the product's
 * messages. Nothing typed is lost when the server refuses or cannot be reached.
 */
export function SubmitTicketForm() {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const form = useForm<TicketSubmitForm>({
    initialValues: EMPTY_FORM,
    // One check for the whole form (the shared one); a field's own check picks its message.
    validate: (values) => {
      const checked = validateSubmitForm(values);
      const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
      // Words not picked from the project list (no RERA number in them) ask for a pick.
      const project = projectFieldError(values);
      if (project) errors.reraNumber = project;
      return errors;
    },
    validateInputOnChange: ['fullName', 'mobile', 'description'],
  });
  const { values, errors } = form;
  const [file, setFile] = useState<File | null>(null);
  // What the project box shows (typed words, or the picked project's name and number).
  const [projectText, setProjectText] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { cities, committees, retry } = useFormOptions();
  const president = useCityPresident(values.cityId);
  const { busy, progress, submit } = useSubmitTicket();
  const notice = usePrivacyNotice();

  const presidentField = cityPresidentFieldText(president);
  const presidentText = typeof presidentField === 'string' ? presidentField : t(presidentField.key);
  // Field errors are the shared schema's English texts: shown by their code in the page's
  // language (ADR 0024).
  const shown = (error: ReactNode) => (typeof error === 'string' ? errorText(t, error) : error);
  const inputProps = (field: keyof TicketSubmitForm) => {
    const props = form.getInputProps(field);
    return { ...props, error: shown(props.error) };
  };
  const words = countWords(values.description);
  const warnings = [cities.warning, committees.warning].filter((warning): warning is string =>
    Boolean(warning),
  );

  /** The city or committee select: choosing an id also keeps its name (sent beside it). */
  function optionSelect(kind: 'city' | 'committee') {
    const options = kind === 'city' ? cities.list : committees.list;
    const idField = kind === 'city' ? 'cityId' : 'committeeId';
    return (
      <NativeSelect
        name={idField}
        label={t(`addTicket.fields.${kind}`)}
        required
        data={selectData(t(`addTicket.placeholders.${kind}`), options)}
        value={values[idField]}
        error={shown(errors[idField])}
        onChange={(event) => {
          const id = event.currentTarget.value;
          form.setFieldValue(idField, id);
          form.setFieldValue(kind, options.find((option) => String(option.id) === id)?.name ?? '');
        }}
      />
    );
  }

  const handleSubmit = form.onSubmit(
    async (checked) => {
      if (busy) return;
      // The president as the field shows a found name; the api looks it up again anyway.
      const payload: TicketSubmitForm = {
        ...checked,
        cityPresident: president.state === 'found' ? (president.fullName ?? '') : '',
        // The privacy notice's version shown (ADR 0068): the ticket records it.
        noticeVersion: notice ? String(notice.version) : '',
      };
      setSubmitError(null);
      const outcome = await submit(payload, file);
      if (outcome.ok) {
        showSuccessToast(t('toast.success'), t('addTicket.submitted'));
      } else if (outcome.message) {
        setSubmitError(outcome.message);
        form.setErrors({ ...form.errors, ...outcome.fieldErrors });
        showErrorToast(t('toast.error'), errorText(t, outcome.message));
      }
    },
    (refused) => {
      if (typeof refused._form === 'string') showErrorToast(t('toast.error'), errorText(t, refused._form));
      // The project box (ADR 0055) when nothing else was refused.
      const first = [...SUBMIT_FIELDS_SHOWN, 'reraNumber' as const].find((field) => refused[field]);
      const element = first ? formRef.current?.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
    },
  );

  // A Submit Ticket clicked in the prerendered frame (ADR 0036): honoured once this form has
  // rendered with what the frame carried over, validated and sent like a click here.
  const queuedSubmit = useQueuedSubmit();
  useEffect(() => {
    if (queuedSubmit && takeQueuedSubmit()) formRef.current?.requestSubmit();
  }, [queuedSubmit]);

  return (
    <PublicPage>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('addTicket.title')}
          </Title>

          {warnings.length > 0 && (
            <Alert color="yellow" variant="light" role="status" title={t('addTicket.listsWarning')}>
              <Stack gap="xs" align="flex-start">
                {warnings.map((warning) => (
                  <Text key={warning} size="sm">
                    {errorText(t, warning)}
                  </Text>
                ))}
                <Button
                  size="xs"
                  variant="outline"
                  color="yellow.9"
                  loading={cities.loading || committees.loading}
                  onClick={retry}
                >
                  {t('addTicket.retryLoading')}
                </Button>
              </Stack>
            </Alert>
          )}

          <form ref={formRef} noValidate onSubmit={handleSubmit}>
            <Stack gap="md">
              <TextInput
                name="fullName"
                label={t('addTicket.fields.fullName')}
                placeholder={t('addTicket.placeholders.fullName')}
                autoComplete="name"
                required
                {...inputProps('fullName')}
              />
              <TextInput
                name="mobile"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                label={t('addTicket.fields.mobile')}
                placeholder={t('addTicket.placeholders.mobile')}
                required
                {...inputProps('mobile')}
                // Digits only, at most 10, enforced on every change (typed or pasted). No
                // `maxLength`: the browser would cut '98765 43210' to 10 characters first.
                onChange={(event) =>
                  form.setFieldValue('mobile', sanitiseMobileInput(event.currentTarget.value))
                }
              />
              <TextInput
                name="email"
                type="email"
                autoComplete="email"
                label={t('addTicket.fields.email')}
                placeholder={t('addTicket.placeholders.email')}
                required
                {...inputProps('email')}
                onChange={(event) => {
                  const shown = Boolean(errors.email);
                  form.setFieldValue('email', event.currentTarget.value);
                  // An error already shown follows the typing; a new one waits for the blur.
                  if (shown) form.validateField('email');
                }}
                onBlur={(event) => {
                  if (event.currentTarget.value.trim()) form.validateField('email');
                }}
              />
              {optionSelect('city')}
              {optionSelect('committee')}
              <TextInput
                name="cityPresident"
                label={t('addTicket.fields.cityPresident')}
                placeholder={t('addTicket.placeholders.cityPresident')}
                readOnly
                value={presidentText}
                aria-busy={president.state === 'loading'}
                styles={{ input: { backgroundColor: 'var(--mantine-color-gray-0)' } }}
              />
              <ProjectField
                text={projectText}
                error={shown(errors.reraNumber ?? errors.projectId)}
                onType={(text) => {
                  setProjectText(text);
                  form.setValues(typedProject(text));
                  form.clearFieldError('reraNumber');
                  form.clearFieldError('projectId');
                }}
                onPick={(project) => {
                  setProjectText(pickedProjectText(project));
                  form.setValues(pickedProject(project));
                  form.clearFieldError('reraNumber');
                  form.clearFieldError('projectId');
                }}
              />
              <Textarea
                name="description"
                label={t('addTicket.fields.description')}
                placeholder={t('addTicket.placeholders.description')}
                required
                autosize
                minRows={5}
                maxRows={14}
                {...inputProps('description')}
                description={t('addTicket.wordCount', { count: words, max: DESCRIPTION_MAX_WORDS })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
              <AttachmentField file={file} onChange={setFile} />
              <Checkbox
                name="phoneUpdates"
                value={OPT_IN_VALUE}
                label={t('addTicket.fields.phoneUpdates')}
                description={t('addTicket.phoneUpdatesConsent')}
                checked={values.phoneUpdates === OPT_IN_VALUE}
                onChange={(event) =>
                  form.setFieldValue('phoneUpdates', event.currentTarget.checked ? OPT_IN_VALUE : '')
                }
              />
              {/* Against whom (ADR 0048, ADR 0049): each choice explained in a line. */}
              <TextInput
                name="againstName"
                label={t('addTicket.fields.againstName')}
                description={t('addTicket.againstNameHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('againstName')}
              />
              {(['concernsOfficeBearer', 'shieldIdentity'] as const).map((box) => (
                <Checkbox
                  key={box}
                  name={box}
                  value={OPT_IN_VALUE}
                  label={t(`addTicket.fields.${box}`)}
                  description={t(`addTicket.${box}Hint`)}
                  checked={values[box] === OPT_IN_VALUE}
                  onChange={(event) =>
                    form.setFieldValue(box, event.currentTarget.checked ? OPT_IN_VALUE : '')
                  }
                />
              ))}

              <PrivacyNoticeBox notice={notice} />

              {submitError && (
                <Alert color="red" variant="light" title={t('addTicket.submitErrorTitle')}>
                  {errorText(t, submitError)}
                </Alert>
              )}

              <Button type="submit" size="md" fullWidth disabled={isSubmitDisabled(busy, errors)}>
                {busy ? t('addTicket.submitting') : t('addTicket.submit')}
              </Button>

              {busy && progress !== null && (
                <Box>
                  <Progress.Root size="md">
                    <Progress.Section value={progress} aria-label={t('addTicket.uploadProgress')} />
                  </Progress.Root>
                  <Text size="xs" c="dimmed" mt={4} aria-hidden>
                    {t('addTicket.uploading', { percent: progress })}
                  </Text>
                </Box>
              )}
            </Stack>
          </form>

          <Box component="footer" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="xs" c="dimmed">
              {t('addTicket.footer.agreement')}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('addTicket.footer.helpline', { number: HELPLINE_NUMBER })}
            </Text>
            {notice && (
              <Text size="xs" c="dimmed" mt={4}>
                {t('addTicket.privacyNotice.grievance', notice.grievanceOfficer)}
              </Text>
            )}
          </Box>
        </Stack>
      </Paper>
    </PublicPage>
  );
}
