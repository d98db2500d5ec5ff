import { useParams } from 'react-router-dom';
import { TicketDetail } from '../features/ticket-detail/components/TicketDetail';

/** /ticket-detail/:id (docs/product.md#ticket-detail-screen). */
export default function TicketDetailPage() {
  const { id } = useParams();
  return <TicketDetail idSegment={id} />;
}
