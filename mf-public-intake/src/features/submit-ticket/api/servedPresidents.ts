/**
 * The City Presidents /add-ticket's page was served with (ADR 0081), by city id: read from the
 * prerendered frame when the bundle starts (the frame is gone once the live form takes over).
 */
let served: ReadonlyMap<string, string> = new Map();

export function keepServedPresidents(names: ReadonlyMap<string, string>): void {
  served = names;
}

/** The president the page named for this city, if it named one. */
export function servedPresident(cityId: string): string | undefined {
  return served.get(cityId);
}
