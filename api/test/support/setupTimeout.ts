// Every api test may take 30 s before it counts as hung (jest's default is 5 s): on a CI machine
// busy with the browser suite a test of a few sign-ins took more than 5 s. Files that set their
// own bound keep it.
jest.setTimeout(30_000);
