import { Banner } from '../../../components/Banner';

/** What the last save said: saved (announced politely) or refused (an alert); nothing before a save. */
export type Outcome = { ok: boolean; text: string } | null;

export function OutcomeBanner({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <Banner color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Banner>
  );
}
