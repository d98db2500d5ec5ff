import { notifications } from '@mantine/notifications';
import { LIST_TOAST_AUTO_CLOSE_MS } from 'shared-contracts';

/**
 * A green success notification of these screens, hidden after LIST_TOAST_AUTO_CLOSE_MS. Its close
 * button is an icon: it gets a name of its own (`closeLabel`), or screen readers announce a
 * nameless button.
 */
export function showSuccessToast(message: string, closeLabel: string): void {
  notifications.show({
    color: 'green',
    message,
    autoClose: LIST_TOAST_AUTO_CLOSE_MS,
    closeButtonProps: { 'aria-label': closeLabel },
  });
}
