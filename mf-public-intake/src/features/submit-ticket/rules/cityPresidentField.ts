/** docs/product.md#submit-flow: the city president field when the lookup found none or failed. */
export function cityPresidentFieldText(
  lookup:
    | { state: 'loading' }
    | { state: 'found'; fullName: string | null }
    | { state: 'failed' }
    | { state: 'empty' },
): string {
  switch (lookup.state) {
    case 'loading':
      return 'Loading...';
    case 'failed':
      return 'Not available';
    case 'empty':
      return '';
    default:
      return lookup.fullName?.trim() || 'Not assigned';
  }
}
