import { formatNumber } from 'shared-contracts';

/** A file size as people read it: '820 KB', '3.42 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024)
    return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), { useGrouping: false })} KB`;
  return `${formatNumber(bytes / (1024 * 1024), { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}
