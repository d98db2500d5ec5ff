import { Button, Card, Group, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, PROJECT_REGISTER_PAGE_SIZE, type Project } from 'shared-contracts';
import { QueryFrame } from '../../../components/QueryFrame';
import { useIsMobile } from '../../../hooks/useIsMobile';
import { USER_ADMIN_NS } from '../../../i18n';
import { useCities } from '../api/useChapters';
import { useProjectRegister, useSaveProject } from '../api/useProjects';
import {
  EMPTY_PROJECT_FORM,
  type ProjectFormValues,
  projectFormValues,
  projectFromForm,
} from '../rules/projectForms';
import { type Outcome, OutcomeBanner } from './OutcomeBanner';

/** The add or edit dialog: the shared schema checks the fields; the api's refusal shows in it. */
function ProjectFormModal({
  project,
  onClose,
  onSaved,
}: {
  /** null: a new project; undefined: closed. */
  project: Project | null | undefined;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { t } = useTranslation(USER_ADMIN_NS);
  const mobile = useIsMobile();
  const cities = useCities();
  const save = useSaveProject();
  const [values, setValues] = useState<ProjectFormValues>(EMPTY_PROJECT_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof ProjectFormValues, string>>>({});
  const [opened, setOpened] = useState<Project | null | undefined>(undefined);
  // A newly opened dialog starts from the project (or empty), without the last one's errors.
  if (project !== opened) {
    setOpened(project);
    setValues(project ? projectFormValues(project) : EMPTY_PROJECT_FORM);
    setErrors({});
    save.reset();
  }

  const field = (name: keyof ProjectFormValues) => ({
    value: values[name],
    error: errors[name] ? errorText(t, errors[name]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = projectFromForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(
      { id: project?.id ?? null, project: checked.project },
      {
        onSuccess: (answer) =>
          onSaved(t(project ? 'projects.form.saved' : 'projects.form.added', { name: answer.project.name })),
      },
    );
  };

  return (
    <Modal
      opened={project !== undefined}
      onClose={onClose}
      title={t(project ? 'projects.form.editTitle' : 'projects.form.addTitle')}
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('projects.form.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {save.error && (
            <OutcomeBanner
              outcome={{ ok: false, text: t('projects.form.failed', { message: errorText(t, save.error) }) }}
            />
          )}
          <TextInput
            label={t('projects.form.reraNumber')}
            description={t('projects.form.reraHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            autoComplete="off"
            {...field('reraNumber')}
          />
          <TextInput label={t('projects.form.name')} required {...field('name')} />
          <TextInput label={t('projects.form.promoter')} {...field('promoter')} />
          <NativeSelect
            label={t('projects.form.city')}
            required
            data={[
              { value: '', label: t('projects.form.cityPlaceholder'), disabled: true },
              ...(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name })),
            ]}
            {...field('cityId')}
          />
          <TextInput label={t('projects.form.district')} {...field('district')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('projects.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('projects.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The admins' register of RERA projects (ADR 0055): a page of 20 by name, searched by name,
 * promoter or number; Add project and Edit open the same dialog (POST /projects, PUT
 * /projects/{id}).
 */
export function ProjectRegister() {
  const { t } = useTranslation(USER_ADMIN_NS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const register = useProjectRegister(q, page);
  const [editing, setEditing] = useState<Project | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const total = register.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROJECT_REGISTER_PAGE_SIZE));

  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="projects-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="projects-heading">
            {t('projects.title')}
          </Title>
          <Button
            onClick={() => {
              setOutcome(null);
              setEditing(null);
            }}
          >
            {t('projects.add')}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {t('projects.intro')}
        </Text>
        <OutcomeBanner outcome={outcome} />
        <TextInput
          label={t('projects.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        <QueryFrame
          query={register}
          loadFailed={t('projects.loadFailed')}
          retryLabel={t('projects.reload')}
          loadingLabel={t('projects.loading')}
        >
          {register.data && register.data.projects.length === 0 ? (
            <Text c="gray.7" py="md" ta="center">
              {t('projects.empty')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={0}
              p={0}
              m={0}
              aria-label={t('projects.list')}
              style={{ listStyle: 'none' }}
            >
              {register.data?.projects.map((project) => (
                <Group
                  component="li"
                  key={project.id}
                  justify="space-between"
                  gap="xs"
                  py="xs"
                  wrap="wrap"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem', overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {project.name}
                    </Text>
                    <Text size="xs" c="gray.8">
                      {[project.reraNumber, project.promoter, project.city, project.district]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('projects.editLabel', { name: project.name })}
                    onClick={() => {
                      setOutcome(null);
                      setEditing(project);
                    }}
                  >
                    {t('projects.edit')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          {total > 0 && (
            <Group justify="space-between" gap="sm" pt="xs" wrap="wrap">
              <Text size="sm" c="gray.7">
                {t('projects.total', { count: total })} · {t('projects.page', { page, pages })}
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('projects.previous')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('projects.next')}
                </Button>
              </Group>
            </Group>
          )}
        </QueryFrame>
      </Stack>
      <ProjectFormModal
        project={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(text) => {
          setEditing(undefined);
          setOutcome({ ok: true, text });
        }}
      />
    </Card>
  );
}
