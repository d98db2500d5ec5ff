import { SubmitTicketForm } from '../features/submit-ticket/components/SubmitTicketForm';

/** /add-ticket (docs/product.md#submit-form). */
export default function AddTicketPage() {
  return <SubmitTicketForm />;
}
