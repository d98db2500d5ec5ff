/**
 * The green Success and red Error toasts of the public screens (docs/product.md#screens): they auto-hide after
 * 4 seconds (docs/product.md#constants). They reach the page's one `<Notifications/>` (the shell's, or the
 * standalone page's) because @mantine/notifications is a federation singleton.
 */
import { notifications } from '@mantine/notifications';
import { i18n, SUBMIT_TOAST_AUTO_CLOSE_MS } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../i18n';

function show(color: 'green' | 'red', title: string, message: string): void {
  notifications.show({
    title,
    message,
    color,
    autoClose: SUBMIT_TOAST_AUTO_CLOSE_MS,
    // The close button is an icon: it needs a name of its own.
    closeButtonProps: { 'aria-label': i18n.t('toast.close', { ns: PUBLIC_INTAKE_NS }) },
    // Mantine's description is gray 6 (3.3:1 on white): below WCAG AA.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}

export function showSuccessToast(title: string, message: string): void {
  show('green', title, message);
}

export function showErrorToast(title: string, message: string): void {
  show('red', title, message);
}
