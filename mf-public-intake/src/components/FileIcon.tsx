import type { AttachmentIcon } from 'shared-contracts';

const COLORS: Record<AttachmentIcon, string> = {
  pdf: 'var(--mantine-color-red-9)',
  word: 'var(--mantine-color-blue-9)',
  image: 'var(--mantine-color-green-9)',
  file: 'var(--mantine-color-gray-7)',
};
const MARKS: Record<AttachmentIcon, string> = { pdf: 'PDF', word: 'DOC', image: 'IMG', file: '' };

/** The icon of an attachment by extension (docs/product.md#screens: pdf; doc or docx; jpg, jpeg or png). */
export function FileIcon({ kind, label }: { kind: AttachmentIcon; label: string }) {
  return (
    <svg role="img" aria-label={label} data-kind={kind} width="28" height="34" viewBox="0 0 28 34">
      <path d="M2 2h16l8 8v22H2z" fill="white" stroke={COLORS[kind]} strokeWidth="2" strokeLinejoin="round" />
      <path d="M18 2v8h8" fill="none" stroke={COLORS[kind]} strokeWidth="2" strokeLinejoin="round" />
      <text
        x="14"
        y="26"
        textAnchor="middle"
        fontSize="8"
        fontWeight="700"
        fill={COLORS[kind]}
        fontFamily="sans-serif"
      >
        {MARKS[kind]}
      </text>
    </svg>
  );
}
