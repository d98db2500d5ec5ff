/** A window.matchMedia (jsdom has none; Mantine and the layouts by width read it) whose every query answers `matches`. */
export function matchMediaAnswering(matches: boolean): typeof window.matchMedia {
  return ((query: string) => ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
