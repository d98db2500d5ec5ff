// /reports (docs/product.md#reports): its own chunk, loaded only when visited.
import { ReportsScreen } from '../features/reports/components/ReportsScreen';

export default function ReportsPage() {
  return <ReportsScreen />;
}
