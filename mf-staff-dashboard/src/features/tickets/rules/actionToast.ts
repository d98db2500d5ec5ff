/** docs/product.md#errors: the actions with a success toast of their own (texts: `details.toasts`). */
const TOASTED = new Set(['approve', 'reject', 'resolve', 'review']);

/** The catalogue key of an action's success toast; any other action gets the generic text. */
export function actionSuccessMessage(action: string | null | undefined): string {
  const normalised = action?.trim().toLowerCase() ?? '';
  return `details.toasts.${TOASTED.has(normalised) ? normalised : 'other'}`;
}
