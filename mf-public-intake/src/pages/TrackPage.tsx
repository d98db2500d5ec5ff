import { TrackLinkForm } from '../features/track-link/components/TrackLinkForm';

/** /track: the emailed link to a member's tickets (docs/architecture.md#conversation-and-notifications). */
export default function TrackPage() {
  return <TrackLinkForm />;
}
