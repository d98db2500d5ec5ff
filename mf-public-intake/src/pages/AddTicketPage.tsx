import { SubmitTicketForm } from '../features/submit-ticket/components/SubmitTicketForm';

/** /add-ticket (spec §2 "Submit form"). */
export default function AddTicketPage() {
  return <SubmitTicketForm />;
}
