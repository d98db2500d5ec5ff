import { LANGUAGE_STORAGE_KEY, setLanguage } from 'shared-contracts';
import { render, screen, userEvent, waitFor } from 'shared-contracts/testing/render';
import '../../../i18n';
import { TrackLinkForm } from './TrackLinkForm';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('the language switcher of the public pages (issue 20)', () => {
  test('a visitor switches to मराठी and back: texts, validation messages, <html lang> and the kept choice follow', async () => {
    render(<TrackLinkForm />, { route: '/track' });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Find your tickets' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'मराठी');
    expect(await screen.findByRole('heading', { level: 1, name: 'तुमची तिकिटे शोधा' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('mr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('mr');
    // The shared schema's English message is shown by its code, in Marathi (ADR 0024).
    await user.click(screen.getByRole('button', { name: 'मला लिंक पाठवा' }));
    expect(await screen.findByText('कृपया योग्य ईमेल पत्ता लिहा.')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'हिन्दी');
    expect(await screen.findByRole('heading', { level: 1, name: 'अपने टिकट खोजें' })).toBeInTheDocument();
    expect(screen.getByText('कृपया सही ईमेल पता लिखें।')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');

    await user.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'English');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your tickets' })).toBeInTheDocument();
    expect(screen.getByText('Please provide a valid email address.')).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});
