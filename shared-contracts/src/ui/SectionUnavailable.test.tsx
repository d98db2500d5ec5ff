import { render, screen, userEvent } from 'shared-contracts/testing/render';
import { ErrorBoundary } from './ErrorBoundary';
import { SectionUnavailable } from './SectionUnavailable';

function Broken(): never {
  throw new Error('chunk failed to load');
}

test('a section that throws shows the alert instead, and Retry is the caller’s', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const onRetry = jest.fn();
  render(
    <ErrorBoundary fallback={() => <SectionUnavailable onRetry={onRetry} />}>
      <Broken />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Retry');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('a section that renders shows itself', () => {
  render(
    <ErrorBoundary fallback={() => <SectionUnavailable onRetry={() => {}} />}>
      <p>All good</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText('All good')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
