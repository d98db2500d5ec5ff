/** docs/product.md#validation: words are counted as whitespace-separated runs; blank text has none. */
export function countWords(text: string | null | undefined): number {
  const trimmed = text?.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
