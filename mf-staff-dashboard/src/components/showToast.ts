import { notifications } from '@mantine/notifications';
import { i18n, LIST_TOAST_AUTO_CLOSE_MS } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../i18n';

/**
 * The dashboard's toasts (green success, red error), hidden after LIST_TOAST_AUTO_CLOSE_MS. Their
 * close button is an icon: it gets a name of its own, or screen readers announce a nameless button.
 */
export function showToast(color: 'green' | 'red', message: string): void {
  notifications.show({
    color,
    message,
    autoClose: LIST_TOAST_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': i18n.t('details.closeToast', { ns: STAFF_DASHBOARD_NS }) },
  });
}
