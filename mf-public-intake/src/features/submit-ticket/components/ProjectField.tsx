import { Box, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicProject } from 'shared-contracts';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { PROJECT_SEARCH_DEBOUNCE_MS, PROJECT_SEARCH_MIN, projectSearchQuery } from '../api/projectSearch';
import { pickedProjectText } from '../rules/projectField';

interface ProjectFieldProps {
  /** What the box shows: the text typed, or the picked project's name and number. */
  text: string;
  error?: ReactNode;
  /** The visitor typed (no project picked any more). */
  onType: (text: string) => void;
  onPick: (project: PublicProject) => void;
}

/**
 * The submit form's optional Project (ADR 0055): a combobox over the public register
 * (GET /projects?q=, a name's or promoter's words or a RERA number's start, at most 10), written
 * small for /add-ticket's script budget: one text box with the ARIA combobox pattern and a plain
 * listbox under it (arrows, Enter, Escape, a click). Its name is `reraNumber`: the prerendered
 * frame posted without scripts sends what was typed as the project's number (ADR 0035), and the
 * live form sends a picked project's id.
 */
export function ProjectField({ text, error, onType, onPick }: ProjectFieldProps) {
  const { t } = useTranslation(PUBLIC_INTAKE_NS);
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<string | null>(null);
  const [q] = useDebouncedValue(text.trim(), PROJECT_SEARCH_DEBOUNCE_MS);
  // The box showing the picked project is no search.
  const searching = q.length >= PROJECT_SEARCH_MIN && q !== picked;
  const found = useQuery({ ...projectSearchQuery(q), enabled: searching });
  const projects = searching ? (found.data ?? []) : [];
  const shown = open && projects.length > 0;

  const pick = (project: PublicProject) => {
    const label = pickedProjectText(project);
    setPicked(label);
    setOpen(false);
    setActive(-1);
    onPick(project);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (projects.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + projects.length) % projects.length);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      // Enter picks the highlighted project instead of sending the form.
      event.preventDefault();
      pick(projects[active] as PublicProject);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !searching
    ? ''
    : found.isError
      ? t('addTicket.projectSearchFailed')
      : found.isFetching && !found.data
        ? t('addTicket.projectSearching')
        : projects.length === 0
          ? t('addTicket.projectNoMatch')
          : t('addTicket.projectsFound', { count: projects.length });
  const seen = searching && (found.isError || (found.isSuccess && projects.length === 0));

  return (
    <Box>
      <TextInput
        name="reraNumber"
        label={t('addTicket.fields.project')}
        placeholder={t('addTicket.projectPlaceholder')}
        description={t('addTicket.reraNumberHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        error={error}
        onChange={(event) => {
          setPicked(null);
          setOpen(true);
          setActive(-1);
          onType(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <Paper
        component="ul"
        id={listId}
        role="listbox"
        aria-label={t('addTicket.fields.project')}
        withBorder={shown}
        shadow={shown ? 'sm' : undefined}
        m={0}
        mt={shown ? 4 : 0}
        p={0}
        style={{ listStyle: 'none' }}
        hidden={!shown}
      >
        {shown &&
          projects.map((project, index) => (
            <Box
              component="li"
              key={project.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              px="sm"
              py={6}
              bg={index === active ? 'blue.0' : undefined}
              style={{ cursor: 'pointer', overflowWrap: 'anywhere' }}
              // Keeps the focus in the box, so the pick does not close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(project)}
            >
              <Text size="sm" fw={600} span display="block">
                {project.name}
              </Text>
              <Text size="xs" c="gray.8" span display="block">
                {project.reraNumber} · {project.promoter} · {project.city}
              </Text>
            </Box>
          ))}
      </Paper>
      {/* What the search found, said to screen readers; a failure or no match is shown too. */}
      {status && (
        <Text
          size="xs"
          c={found.isError ? 'red.9' : 'gray.8'}
          role="status"
          mt={seen ? 4 : 0}
          style={seen ? undefined : visuallyHidden}
        >
          {status}
        </Text>
      )}
    </Box>
  );
}
