import { Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CannedResponse, errorText, LANGUAGE_NAMES, loadDevanagariFont } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../../../i18n';
import { useCannedAnswers } from '../api/useCannedAnswers';

/**
 * 'Insert a canned answer' (ADR 0065): a searchable list of the answers of the association and the
 * ticket's chapter, by title in the member's language; choosing one hands its text, filled for the
 * ticket by the api, to the reply box, where it can still be edited before it is sent.
 */
export function CannedAnswerPicker({
  ticketId,
  onInsert,
}: {
  ticketId: number;
  onInsert: (answer: { id: number; text: string }) => void;
}) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const answers = useCannedAnswers(ticketId, true);
  // Nothing stays chosen: after each insertion the box is empty again, ready for another.
  const [search, setSearch] = useState('');
  const list: CannedResponse[] = answers.data?.cannedResponses ?? [];
  const language = answers.data?.lang;
  // A Hindi or Marathi answer on an English page still draws its letters (no system font may have them).
  useEffect(() => {
    if (language && language !== 'en') void loadDevanagariFont();
  }, [language]);
  if (answers.isError)
    return (
      <Text size="sm" c="red.8">
        {t('canned.loadFailed', { message: errorText(t, answers.error) })}
      </Text>
    );
  return (
    <Select
      label={t('canned.pickerLabel')}
      description={
        language
          ? t('canned.pickerHint', { language: LANGUAGE_NAMES[language] })
          : t('canned.pickerHintPlain')
      }
      placeholder={answers.isPending ? t('canned.loading') : t('canned.pickerPlaceholder')}
      searchable
      clearable
      nothingFoundMessage={t('canned.nothingFound')}
      disabled={answers.isPending}
      data={list.map((answer) => ({
        value: String(answer.id),
        label: answer.shown?.title ?? answer.title.en,
      }))}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(value) => {
        const answer = list.find((item) => String(item.id) === value);
        setSearch('');
        if (answer) onInsert({ id: answer.id, text: answer.shown?.text ?? answer.text.en });
      }}
    />
  );
}
