import { render, screen, userEvent } from 'shared-contracts/testing/render';
import { PageNumbers } from './PageNumbers';

test('one button per page, the current one marked, an unlabelled ellipsis between', async () => {
  const onPage = jest.fn();
  render(
    <nav aria-label="Pages">
      <PageNumbers
        items={[1, 'ellipsis', 4, 5, 6]}
        current={5}
        label={(page) => `Page ${page}`}
        onPage={onPage}
      />
    </nav>,
  );
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['1', '4', '5', '6']);
  expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  expect(screen.getByText('…')).toHaveAttribute('aria-hidden', 'true');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Page 1' }));
  expect(onPage).toHaveBeenCalledWith(1);
});
