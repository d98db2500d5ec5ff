import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type PublicProject } from 'shared-contracts';
import { PROJECT_SEARCH_MIN, projectDetailQuery, projectSearchQuery } from '../api/projects';
import { STAFF_DASHBOARD_NS } from '../i18n';

/** How long the picker waits for typing to pause before asking the api. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

/** The option that drops the filter. */
const ALL = 'all';

/** A project as the picker names it: its name and RERA number. */
export const projectLabel = (project: Pick<PublicProject, 'name' | 'reraNumber'>) =>
  `${project.name} (${project.reraNumber})`;

interface ProjectFilterProps {
  /** The chosen project's id; null for every project. */
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * 'Filter by project' (ADR 0055): a typeahead over the register (GET /projects?q=, a name's or a
 * promoter's words or the start of a RERA number, at most 10). A project chosen before (a link
 * from the project page, a reload) is named from GET /projects/{id}.
 */
export function ProjectFilter({ value, onChange }: ProjectFilterProps) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const [search, setSearch] = useState('');
  // The project picked here keeps its name while the list is asked for; one from the address is looked up.
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const known = picked && picked.id === value ? picked : null;
  const chosen = useQuery({ ...projectDetailQuery(value ?? 0), enabled: value !== null && !known });
  const chosenLabel =
    known?.label ?? (value !== null && chosen.data ? projectLabel(chosen.data.project) : null);
  const [q] = useDebouncedValue(search.trim(), PROJECT_SEARCH_DEBOUNCE_MS);
  // The box shows the chosen project's name: that is no search.
  const searching = q.length >= PROJECT_SEARCH_MIN && q !== chosenLabel;
  const found = useQuery({ ...projectSearchQuery(q), enabled: searching });

  const options = (searching ? (found.data ?? []) : []).map((project) => ({
    value: String(project.id),
    label: projectLabel(project),
  }));
  if (value !== null && chosenLabel && !options.some((option) => option.value === String(value)))
    options.unshift({ value: String(value), label: chosenLabel });
  // A way back to every project that needs no mouse (the clear button is the pointer's).
  if (value !== null) options.unshift({ value: ALL, label: t('list.allProjects') });

  const nothingFound = !searching
    ? t('list.projectTypeMore')
    : found.error
      ? t('list.projectSearchFailed', { message: errorText(t, found.error) })
      : found.isFetching
        ? t('list.projectSearching')
        : t('list.projectNone');

  return (
    <Select
      label={t('list.projectFilter')}
      placeholder={t('list.allProjects')}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next, option) => {
        const id = next === null || next === ALL ? null : Number(next);
        setPicked(id === null || !option ? null : { id, label: option.label });
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The api has already matched the words and numbers; every option it sent is shown.
      filter={({ options: all }) => all}
      clearable
      clearButtonProps={{ 'aria-label': t('list.clearProject') }}
      nothingFoundMessage={nothingFound}
      rightSection={searching && found.isFetching ? <Loader size={14} /> : undefined}
      error={value !== null && chosen.error ? errorText(t, chosen.error) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
