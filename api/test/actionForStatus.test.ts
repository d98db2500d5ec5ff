import { actionForStatus } from '../src/services/tickets/actionForStatus';

describe('actionForStatus (docs/product.md#action-names)', () => {
  it.each([
    ['Approved', 'approve'],
    ['Rejected', 'reject'],
    ['Resolved', 'resolve'],
    ['in-review', 'review'],
    ['pending', null],
    ['closed', null],
  ])('%p → %p', (status, action) => {
    expect(actionForStatus(status)).toBe(action);
  });
});
