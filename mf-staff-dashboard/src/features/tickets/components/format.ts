/** Times are stored in UTC and shown in the user's locale (docs/architecture.md#data). */
export function formatDate(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? ''
    : time.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? ''
    : time.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function formatDateTime(iso: string): string {
  const date = formatDate(iso);
  return date ? `${date}, ${formatTime(iso)}` : '';
}
