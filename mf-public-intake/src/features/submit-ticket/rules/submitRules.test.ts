import { i18n } from 'shared-contracts';
import { PUBLIC_INTAKE_NS } from '../../../i18n';
import { cityPresidentFieldText } from './cityPresidentField';
import { submitDestination, submitErrorMessage } from './submitOutcome';

describe('submit outcome (docs/product.md#submit-flow, docs/product.md#errors)', () => {
  it.each([
    [
      { ticketId: 5, userId: 3, shareUrl: '/ticket-detail/5#key=k' },
      { ok: true, path: '/ticket-detail/5#key=k' },
    ],
    [
      { ticketId: 5, userId: 3 },
      { ok: true, path: '/ticket-detail/NQ' },
    ],
    [{ userId: 3 }, { ok: true, path: '/tickets/Mw' }],
    [{}, { ok: false, error: 'Could not determine ticket ID from server response.' }],
  ])('%p → %p', (answer, destination) => {
    expect(submitDestination(answer)).toEqual(destination);
  });
  it.each([
    [{ message: 'Committee not found' }, 'Committee not found'],
    [{ message: 'An error occurred' }, 'An error occurred while submitting your ticket. Please try again.'],
    [
      { message: 'Error setting up request' },
      'An error occurred while submitting your ticket. Please try again.',
    ],
    [{ message: ' ' }, 'An error occurred while submitting your ticket. Please try again.'],
    [null, 'An error occurred while submitting your ticket. Please try again.'],
  ])('submit error %p → %p', (error, message) => {
    expect(submitErrorMessage(error)).toBe(message);
  });
});

describe('city president field (docs/product.md#submit-flow)', () => {
  it.each([
    [{ state: 'loading' } as const, 'Loading...'],
    [{ state: 'failed' } as const, 'Not available'],
    [{ state: 'empty' } as const, ''],
    [{ state: 'found', fullName: 'Asha' } as const, 'Asha'],
    [{ state: 'found', fullName: null } as const, 'Not assigned'],
  ])('city president field %p → %p', (lookup, text) => {
    const field = cityPresidentFieldText(lookup);
    expect(typeof field === 'string' ? field : i18n.t(field.key, { ns: PUBLIC_INTAKE_NS })).toBe(text);
  });
});
