import { act } from '@testing-library/react';
import { setLanguage } from 'shared-contracts';
import { render, screen, userEvent, within } from 'shared-contracts/testing/render';
import { StatCards } from './StatCards';

const card = (title: string) => screen.getByRole('listitem', { name: title });
const ring = (title: string) => within(card(title)).getByRole('img');

describe('the four stat cards (docs/product.md#dashboard)', () => {
  test('titles, counts, and each ring as the share of the total with its colour', () => {
    render(
      <StatCards
        stats={{ total: 100, inReview: 29, resolved: 30, rejected: 70 }}
        error={undefined}
        onRetry={() => {}}
      />,
    );
    const expected = [
      ['Total Tickets', '100', 100, 'green'],
      ['In Review Tickets', '29', 29, 'red-orange'],
      ['Resolved Tickets', '30', 30, 'yellow'],
      ['Rejected Tickets', '70', 70, 'green'],
    ] as const;
    for (const [title, count, percent, color] of expected) {
      expect(within(card(title)).getByText(count)).toBeInTheDocument();
      expect(ring(title)).toHaveAccessibleName(`${percent}% of all tickets`);
      expect(ring(title)).toHaveAttribute('data-ring-color', color);
      expect(within(card(title)).getByText(`${percent}%`)).toBeInTheDocument();
    }
  });

  test.each([
    [{ total: 3, inReview: 1, resolved: 2, rejected: 0 }, [33, 67, 0], ['yellow', 'yellow', 'red-orange']],
    [
      { total: 1000, inReview: 695, resolved: 5, rejected: 300 },
      [70, 1, 30],
      ['green', 'red-orange', 'yellow'],
    ],
    [
      { total: 0, inReview: 0, resolved: 0, rejected: 0 },
      [0, 0, 0],
      ['red-orange', 'red-orange', 'red-orange'],
    ],
  ])('rounded percentages, 0 when the total is 0: %j', (stats, percents, colors) => {
    render(<StatCards stats={stats} error={undefined} onRetry={() => {}} />);
    ['In Review Tickets', 'Resolved Tickets', 'Rejected Tickets'].forEach((title, index) => {
      expect(ring(title)).toHaveAccessibleName(`${percents[index]}% of all tickets`);
      expect(ring(title)).toHaveAttribute('data-ring-color', colors[index]);
    });
    expect(ring('Total Tickets')).toHaveAccessibleName(`${stats.total ? 100 : 0}% of all tickets`);
  });

  test('large counts are grouped as the language writes them (en-IN lakhs, Devanagari digits in Marathi)', async () => {
    render(
      <StatCards
        stats={{ total: 100000, inReview: 0, resolved: 0, rejected: 0 }}
        error={undefined}
        onRetry={() => {}}
      />,
    );
    expect(within(card('Total Tickets')).getByText('1,00,000')).toBeInTheDocument();
    expect(within(card('Total Tickets')).getByText('100%')).toBeInTheDocument();
    try {
      await act(() => setLanguage('mr'));
      expect(await screen.findByText('१,००,०००')).toBeInTheDocument();
      expect(screen.getByText('१००%')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  test('a failed load shows the message in a red alert with Retry', async () => {
    const onRetry = jest.fn();
    render(
      <StatCards stats={undefined} error={{ status: 500, message: 'Database down' }} onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The ticket counts could not be loaded: Database down');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
