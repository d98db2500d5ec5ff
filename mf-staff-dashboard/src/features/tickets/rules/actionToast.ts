/** docs/product.md#errors success toasts per action; any other action gets the generic text. */
const TOASTS: Record<string, string> = {
  approve: 'Ticket has been approved successfully!',
  reject: 'Ticket has been rejected.',
  resolve: 'Ticket has been marked as resolved!',
  review: 'Ticket has been moved to review.',
};

export function actionSuccessMessage(action: string | null | undefined): string {
  return TOASTS[action?.trim().toLowerCase() ?? ''] ?? 'Ticket status updated successfully!';
}
