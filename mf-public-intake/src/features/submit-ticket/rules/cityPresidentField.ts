/**
 * docs/product.md#submit-flow: the city president field: the name found, or the key of 'Loading...',
 * 'Not available' (the lookup failed) or 'Not assigned' (`{ key }`); empty before a city is chosen.
 */
export function cityPresidentFieldText(
  lookup:
    | { state: 'loading' }
    | { state: 'found'; fullName: string | null }
    | { state: 'failed' }
    | { state: 'empty' },
): string | { key: string } {
  switch (lookup.state) {
    case 'loading':
      return { key: 'common:loading' };
    case 'failed':
      return { key: 'addTicket.cityPresidentStates.failed' };
    case 'empty':
      return '';
    default:
      return lookup.fullName?.trim() || { key: 'addTicket.cityPresidentStates.notAssigned' };
  }
}
