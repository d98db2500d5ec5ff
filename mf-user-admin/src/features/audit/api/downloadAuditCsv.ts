import { type AuditFilter, exportAuditCsv } from 'shared-contracts';

/**
 * Saves the trail's CSV export (the same filters as the table) as a file. The object URL is only
 * a download's target: the CSV is never opened in the page.
 */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const blob = await exportAuditCsv(filter);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
