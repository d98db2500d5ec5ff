import { alertRole, CHAIN, isChainAssignee, STAGE_HOLDER_ROLE, STAGE_OF_ASSIGNEE } from './chain';

describe('the review chain, written once', () => {
  it('names each stage, its assignee and its holder in order', () => {
    expect(CHAIN.map((link) => link.stage)).toEqual(['review', 'resolution', 'approval']);
    expect(STAGE_OF_ASSIGNEE).toEqual({
      CityPresident: 'review',
      Convenor: 'resolution',
      Observer: 'approval',
    });
    expect(STAGE_HOLDER_ROLE).toEqual({
      review: 'citypresident',
      resolution: 'convenor',
      approval: 'observer',
      appeal: 'credaipresident',
    });
    expect(['CityPresident', 'Convenor', 'Observer'].every(isChainAssignee)).toBe(true);
    expect([null, undefined, 'Admin', 'Completed'].some(isChainAssignee)).toBe(false);
  });

  it('escalates to the office bearer, and from the office bearer’s own stage to the association president', () => {
    expect(alertRole('review', 'reminder')).toBe('holder');
    expect(alertRole('review', 'next-level')).toBe('observer');
    expect(alertRole('resolution', 'next-level')).toBe('observer');
    expect(alertRole('approval', 'next-level')).toBe('credaipresident');
    expect(alertRole('appeal', 'next-level')).toBe('credaipresident');
    expect(alertRole('review', 'president')).toBe('credaipresident');
  });
});
