import { DESCRIPTION_PREVIEW_WORDS_CARD, DESCRIPTION_PREVIEW_WORDS_TABLE } from 'shared-contracts';

/** The first `words` words of a text, then '...' when something was cut. */
export function previewWords(text: string | null | undefined, words: number): string {
  const all = text?.trim() ? text.trim().split(/\s+/) : [];
  if (all.length <= words) return all.join(' ');
  return `${all.slice(0, words).join(' ')}...`;
}

/** docs/product.md#ticket-list-panel desktop table: the first 5 words, then an ellipsis. */
export function tableDescriptionPreview(text: string | null | undefined): string {
  return previewWords(text, DESCRIPTION_PREVIEW_WORDS_TABLE);
}

/** docs/product.md#ticket-list-panel mobile card: the first 10 words. */
export function cardDescriptionPreview(text: string | null | undefined): string {
  return previewWords(text, DESCRIPTION_PREVIEW_WORDS_CARD);
}
