import { render, screen } from 'shared-contracts/testing/render';
import { TintedBadge } from './TintedBadge';

test('tints the background in the rule colour and keeps the text near-black', () => {
  render(<TintedBadge color="yellow">Convenor</TintedBadge>);
  const badge = screen.getByText('Convenor').closest('[data-color]');
  expect(badge).toHaveAttribute('data-color', 'yellow');
  expect(badge).toHaveAttribute('data-variant', 'light');
});
