import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '../src/api/queryClient';
import { matchMediaAnswering } from './matchMedia';
import { server } from './network';

// Mantine reads these browser APIs that jsdom does not implement.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia = window.matchMedia || matchMediaAnswering(false);
Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo = () => {};

// Component tests render whole screens with Mantine; on a busy two-core machine some take
// seconds, so the 5 s default would make them flaky. For the same reason findBy*/waitFor wait up
// to 30 s instead of 1 s: in CI, beside three other lanes, one render of a page of 1,000 rows was
// seen to take over 10 s (they still return as soon as the screen shows what they look for).
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 30_000 });

// The page's one query cache outlives a test: each test starts with an empty one, as a new page does.
afterEach(() => queryClient.clear());

// The one network fake: each test answers the calls it expects; any other call is an error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());
