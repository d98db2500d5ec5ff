import { render, screen, within } from 'shared-contracts/testing/render';
import { Timeline, TimelineEntry } from './Timeline';

test('lists each entry in order with its author, marks, time, text and file', () => {
  render(
    <Timeline gap="sm" label="Timeline">
      <TimelineEntry accent="blue-6" author="Asha Patil" time="1 Nov 2026, 10:00" text="Water leaks" />
      <TimelineEntry
        accent="yellow-7"
        author="Convenor"
        marks={<span>Internal</span>}
        time="2 Nov 2026, 11:00"
        text="Call the builder"
        file={<button type="button">Download</button>}
        aria-label="Internal note"
      />
    </Timeline>,
  );
  const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  const [first, second] = items as [HTMLElement, HTMLElement];
  expect(first).toHaveTextContent('Asha Patil1 Nov 2026, 10:00Water leaks');
  expect(first).toHaveStyle({ borderLeft: '3px solid var(--mantine-color-blue-6)' });
  expect(second).toHaveAccessibleName('Internal note');
  expect(within(second).getByText('Internal')).toBeInTheDocument();
  expect(within(second).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  expect(within(first).queryByRole('button')).not.toBeInTheDocument();
});
