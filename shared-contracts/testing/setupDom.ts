import '@testing-library/jest-dom';

// Mantine reads these browser APIs that jsdom does not implement.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia =
  window.matchMedia ||
  ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo = () => {};

// Component tests render whole screens with Mantine; on a busy two-core machine some take
// seconds, so the 5 s default would make them flaky.
jest.setTimeout(20_000);
