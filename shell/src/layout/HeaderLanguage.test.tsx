import { Route, Routes } from 'react-router-dom';
import { LANGUAGE_STORAGE_KEY, setLanguage } from 'shared-contracts';
import { render, screen, userEvent, within } from 'shared-contracts/testing/render';
import '../i18n';
import { signInAs, signOut } from '../testing/helpers';
import { Layout } from './Layout';

beforeEach(() => signInAs('citypresident'));
afterEach(async () => {
  signOut();
  await setLanguage('en');
  localStorage.clear();
});

describe('the language switcher in the staff header (issue 20)', () => {
  test('a city president switches to हिन्दी: the header and the sidebar follow, and the choice is kept', async () => {
    render(
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<p>page body</p>} />
        </Route>
      </Routes>,
      { route: '/dashboard' },
    );
    const header = screen.getByRole('banner');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(within(header).getByRole('combobox', { name: 'Language' }), 'हिन्दी');

    expect(await screen.findByRole('navigation', { name: 'मुख्य मेनू' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'मेनू खोलें या बंद करें' })).toBeInTheDocument();
    expect(within(header).getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });
});
