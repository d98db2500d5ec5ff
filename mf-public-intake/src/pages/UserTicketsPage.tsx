import { useParams } from 'react-router-dom';
import { UserTickets } from '../features/user-tickets/components/UserTickets';

/** /tickets/:userId (docs/product.md#member-tickets-screen). */
export default function UserTicketsPage() {
  const { userId } = useParams();
  return <UserTickets idSegment={userId} />;
}
