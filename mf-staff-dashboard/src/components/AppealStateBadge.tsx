import { useTranslation } from 'react-i18next';
import { type AppealOutcome, TintedBadge } from 'shared-contracts';
import { STAFF_DASHBOARD_NS } from '../i18n';

/** An appeal is open until the association president decides, then its outcome names it. */
export type AppealState = 'open' | AppealOutcome;

export function appealState(appeal: { outcome: AppealOutcome | null }): AppealState {
  return appeal.outcome ?? 'open';
}

/** The tint of each state (the text stays near-black: AA on every tint). */
const STATE_COLOR: Record<AppealState, string> = {
  open: 'orange',
  upheld: 'green',
  remanded: 'blue',
  dismissed: 'gray',
};

/**
 * An appeal's state as the Appeals list and the ticket's dialog show it
 * (docs/architecture.md#the-members-last-word): Open, Upheld, Sent back to the chapter, Dismissed.
 */
export function AppealStateBadge({ appeal }: { appeal: { outcome: AppealOutcome | null } }) {
  const { t } = useTranslation(STAFF_DASHBOARD_NS);
  const state = appealState(appeal);
  return (
    <TintedBadge color={STATE_COLOR[state]} data-appeal-state={state}>
      {t(`appeals.state.${state}`)}
    </TintedBadge>
  );
}
