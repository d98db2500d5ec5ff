// Every api test may take 90 s before it counts as hung (jest's default is 5 s): CI runs the api
// files on two workers beside the browser suite's two stacks on a two-core machine, where a test
// of a few sign-ins that takes 2 s alone has taken over 30 s. Files that set their own bound keep
// it. The bound only catches a hang: a test waits for states, never for a time.
jest.setTimeout(90_000);
