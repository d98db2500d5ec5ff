import type { Project } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { ProjectImport } from './ProjectImport';
import { ProjectRegister } from './ProjectRegister';

const SAHYADRI: Project = {
  id: 4,
  reraNumber: 'P52100012345',
  name: 'Sahyadri Heights',
  promoter: 'Sahyadri Developers',
  cityId: 10,
  city: 'Pune',
  district: 'Pune',
};

/** A small fake of the register: what the page posts changes what the register answers next. */
function fakeRegister(projects: Project[] = [SAHYADRI], total = projects.length) {
  const saved: unknown[] = [];
  const routes = answerRoutes({
    'GET /api/cities/getAllCities': () =>
      json({
        cities: [
          { id: 10, name: 'Pune', convenorId: null },
          { id: 11, name: 'Mumbai', convenorId: null },
        ],
      }),
    'GET /api/projects/register': () => json({ projects, total }),
    'POST /api/projects': async (request: Request) => {
      const body = (await request.json()) as Omit<Project, 'id' | 'city'>;
      saved.push(body);
      if (projects.some((project) => project.reraNumber === body.reraNumber))
        return json({ error: 'A project with this RERA number already exists', details: [] }, 409);
      const project = { ...body, id: 5, city: 'Mumbai' };
      projects.push(project);
      return json({ project }, 201);
    },
    'PUT /api/projects/4': async (request: Request) => {
      const body = (await request.json()) as Omit<Project, 'id' | 'city'>;
      saved.push(body);
      projects[0] = { ...SAHYADRI, ...body };
      return json({ project: projects[0] });
    },
  });
  return { ...routes, saved };
}

async function renderRegister() {
  await act(async () => {
    render(<ProjectRegister />);
  });
  return screen.findByRole('list', { name: 'Projects' });
}

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

describe("the admins' register of RERA projects (ADR 0055)", () => {
  test('lists the page of projects with their number, promoter, city and district, and the count', async () => {
    const { requests } = fakeRegister([SAHYADRI], 41);
    const list = await renderRegister();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sahyadri HeightsP52100012345 · Sahyadri Developers · Pune · PuneEdit']);
    expect(screen.getByText('41 projects · Page 1 of 3')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(requests.map((request) => new URL(request.url).searchParams.get('page'))).toContain('2'),
    );
    await user.type(screen.getByLabelText('Search by name, promoter or RERA number'), 'sahy');
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            new URL(request.url).searchParams.get('q') === 'sahy' &&
            new URL(request.url).searchParams.get('page') === '1',
        ),
      ).toBe(true),
    );
  });

  test('Add project: the shared rules name each missing field before any call; then the project is added', async () => {
    const { saved } = fakeRegister();
    await renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a project' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please select a city.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^RERA number/), 'P5210');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Lodha Park');
    await user.selectOptions(within(dialog).getByLabelText(/^City \(chapter\)/), 'Mumbai');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('A Maharashtra RERA number is P followed by 11 digits'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^RERA number/));
    await user.type(within(dialog).getByLabelText(/^RERA number/), 'p51800099999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Lodha Park added.')).toBeInTheDocument();
    expect(saved).toEqual([
      { reraNumber: 'P51800099999', name: 'Lodha Park', promoter: '', cityId: 11, district: '' },
    ]);
  });

  test("Edit: the dialog holds the project's values; the api's refusal shows in it", async () => {
    const { saved } = fakeRegister();
    await renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Sahyadri Heights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(within(dialog).getByLabelText(/^RERA number/)).toHaveValue('P52100012345');
    expect(within(dialog).getByLabelText(/^City \(chapter\)/)).toHaveValue('10');
    await user.clear(within(dialog).getByLabelText(/^District/));
    await user.type(within(dialog).getByLabelText(/^District/), 'Pune Rural');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Sahyadri Heights saved.')).toBeInTheDocument();
    expect(saved).toEqual([expect.objectContaining({ district: 'Pune Rural', cityId: 10 })]);

    await user.click(screen.getByRole('button', { name: 'Add project' }));
    const add = await screen.findByRole('dialog', { name: 'Add a project' });
    await user.type(within(add).getByLabelText(/^RERA number/), 'P52100012345');
    await user.type(within(add).getByLabelText(/^Name/), 'Again');
    await user.selectOptions(within(add).getByLabelText(/^City \(chapter\)/), 'Pune');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    expect(await within(add).findByRole('alert')).toHaveTextContent(
      'The project was not saved: A project with this RERA number already exists',
    );
  });
});

describe('the CSV import: a dry run line by line, then the import (ADR 0055)', () => {
  const CSV =
    'rera_number,name,promoter,city,district\nP52100012345,Sahyadri Heights,S,Pune,Pune\nP1,Bad,S,Pune,Pune\n';

  test('Check shows what each line would do and changes nothing; Import sends the same text for real', async () => {
    const calls: { dryRun: string | null; type: string | null; body: string }[] = [];
    answerRoutes({
      'POST /api/projects/import': async (request: Request) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun');
        calls.push({ dryRun, type: request.headers.get('content-type'), body: await request.text() });
        return json({
          dryRun: dryRun === 'true',
          added: 1,
          changed: 0,
          unchanged: 0,
          refused: 1,
          lines: [
            { line: 2, outcome: 'added', reraNumber: 'P52100012345' },
            { line: 3, outcome: 'refused', reraNumber: 'P1', reason: 'BAD_NUMBER' },
          ],
        });
      },
    });
    await act(async () => {
      render(<ProjectImport />);
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Check the file (dry run)' })).toBeDisabled();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([CSV], 'projects.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    expect(await screen.findByText('Dry run: nothing has changed yet')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lines of the file' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LineRERA numberOutcome', '2P52100012345New', '3P1Refused: not a valid RERA number']);
    expect(calls).toEqual([{ dryRun: 'true', type: 'text/csv', body: CSV }]);
    await user.click(screen.getByRole('button', { name: 'Import 1 project' }));
    expect(await screen.findByText('Imported: 1 added, 0 changed.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ dryRun: 'false', type: 'text/csv', body: CSV });
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  test("the api's refusal of a file is shown", async () => {
    answerRoutes({
      'POST /api/projects/import': () =>
        json({ error: 'Send the projects as CSV text (Content-Type: text/csv)', details: [] }, 400),
    });
    await act(async () => {
      render(<ProjectImport />);
    });
    const user = userEvent.setup();
    await user.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'projects.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file (dry run)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The file was not imported: /);
  });
});
