import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_NS } from '../../../i18n';
import { SLA_FIELDS, type SlaFormValues } from '../rules/chapterForms';

/**
 * The SLA fields: three stages in working hours, interim replies per stage, extra days per stage,
 * and the member's two windows (rating, reopening) in calendar days. `placeholders` shows what applies when a chapter's field is left blank.
 */
export function SlaFields({
  form,
  idPrefix,
  placeholders,
}: {
  form: UseFormReturnType<SlaFormValues>;
  idPrefix: string;
  placeholders?: Partial<Record<(typeof SLA_FIELDS)[number], string>>;
}) {
  const { t } = useTranslation(USER_ADMIN_NS);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {SLA_FIELDS.map((field) => {
        const props = form.getInputProps(field);
        return (
          <TextInput
            key={field}
            id={`${idPrefix}-${field}`}
            label={t(`chapters.sla.fields.${field}`)}
            description={t(`chapters.sla.units.${field}`)}
            inputMode="numeric"
            placeholder={placeholders?.[field]}
            {...props}
            error={typeof props.error === 'string' ? t(props.error) : props.error}
          />
        );
      })}
    </SimpleGrid>
  );
}
