// Creates an admin account: the first one of a production installation, or a new one when every
// admin is locked out. It talks to the database directly (same DATABASE_URL / DATA_DIR as the api),
// so it needs no token secret and no running api.
//
//   npm run create-admin -w api -- --email admin@example.org --name "Asha Rao" [--mobile 9876543210]
//   node api/dist/create-admin.js --email …            (the bundle, where tsx is not installed)
//
// The password comes from HELPDESK_ADMIN_PASSWORD, else is asked on the terminal (not echoed,
// twice), else is the first line of standard input. It never appears in the arguments, which other
// users of the machine could read.
import { parseArgs } from 'node:util';
import { registerAdminRequestSchema } from 'shared-contracts/contracts';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { HttpError } from '../httpError';
import { createAdmin } from '../services/users';
import { StartupError } from '../startupError';

const USAGE =
  'Usage: npm run create-admin -w api -- --email <email> --name "<full name>" [--mobile <10 digits>]\n' +
  'The password is read from HELPDESK_ADMIN_PASSWORD, or asked for on the terminal, or read from stdin.';

export interface CreateAdminIo {
  env: NodeJS.ProcessEnv;
  /** Asks for the password when HELPDESK_ADMIN_PASSWORD is not set (undefined: typed twice, differently). */
  readPassword(): Promise<string | undefined>;
  out(line: string): void;
}

/** Runs the command; resolves with the exit code (messages go to io.out). */
export async function runCreateAdmin(argv: string[], io: CreateAdminIo): Promise<number> {
  let values: { email?: string; name?: string; mobile?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        mobile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.out(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  if (values.help || !values.email || !values.name) {
    io.out(USAGE);
    return values.help ? 0 : 1;
  }

  const password = io.env.HELPDESK_ADMIN_PASSWORD || (await io.readPassword());
  if (password === undefined) {
    io.out('The two passwords differ; nothing was created.');
    return 1;
  }

  const input = registerAdminRequestSchema.safeParse({
    fullName: values.name,
    email: values.email,
    mobile: values.mobile,
    password,
  });
  if (!input.success) {
    const problems = input.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    io.out(`Cannot create the admin:\n${problems.join('\n')}`);
    return 1;
  }

  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    const config = loadConfig(io.env, { isServer: false });
    database = await openDatabase(config, () => undefined);
    const admin = await createAdmin(database.db, input.data, { onlyIfNoAdmin: false });
    io.out(
      `Admin ${admin.email} created (id ${admin.id}) in the ${database.kind} database. Sign in with it.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof HttpError || error instanceof StartupError) {
      io.out(`Cannot create the admin: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

/** On a terminal: asked twice, not echoed. Otherwise: the first line of stdin. */
async function readPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return readFirstLine();
  const password = await readHidden('Password for the new admin: ');
  const again = await readHidden('The same password again: ');
  return again === password ? password : undefined;
}

function readFirstLine(): Promise<string> {
  const { stdin } = process;
  return new Promise((resolve) => {
    let text = '';
    stdin.setEncoding('utf8');
    stdin.on('data', (chunk) => {
      text += chunk;
    });
    stdin.on('end', () => resolve(text.split(/\r?\n/)[0] ?? ''));
  });
}

function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  return new Promise((resolve) => {
    let typed = '';
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\u0003') process.exit(130); // Ctrl-C
        if (character === '\r' || character === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(typed);
          return;
        }
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    stdin.on('data', onData);
  });
}

if (require.main === module) {
  runCreateAdmin(process.argv.slice(2), {
    env: process.env,
    readPassword,
    out: (line) => console.log(line),
  }).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
