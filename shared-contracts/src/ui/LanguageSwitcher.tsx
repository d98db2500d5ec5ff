import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, setLanguage } from '../i18n';

/** The switcher's field name (a prerendered frame's choice is carried over by it). */
export const LANGUAGE_FIELD = 'language';

/**
 * The language switcher of the public pages and the staff header (issue 20): English, हिन्दी,
 * मराठी, each named in itself. A native select: it works by keyboard and screen reader as the
 * platform's own, weighs nothing on the public page, and on a phone opens the system picker.
 * The choice is kept (localStorage) and the page changes once its catalogues have arrived.
 */
export function LanguageSwitcher({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation('common');
  const [pending, setPending] = useState<Language | null>(null);
  const current = pending ?? (isLanguage(i18n.language) ? i18n.language : 'en');
  return (
    <NativeSelect
      name={LANGUAGE_FIELD}
      aria-label={t('language.label')}
      size={size}
      w={110}
      value={current}
      disabled={pending !== null}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (!isLanguage(chosen)) return;
        setPending(chosen);
        void setLanguage(chosen).finally(() => setPending(null));
      }}
    />
  );
}
