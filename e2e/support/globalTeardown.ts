export default async function globalTeardown() {
  await Promise.all((globalThis.__E2E_MAIL_CATCHERS__ ?? []).map((mail) => mail.close()));
  await globalThis.__E2E_DOVECOT__?.stop();
  const processes = globalThis.__E2E_PROCESSES__ ?? [];
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.pid === undefined) return resolve(); // ended, or never started
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
}
