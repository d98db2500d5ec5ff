import { useEffect, useState } from 'react';
import { lookUpCityPresident, type PresidentLookup } from '../api/cityPresident';

/**
 * Spec §4: changing the city clears the president and looks it up again; an empty city clears
 * it. An answer for a city that is no longer chosen is dropped.
 */
export function useCityPresident(cityId: string): PresidentLookup {
  const [lookup, setLookup] = useState<PresidentLookup>({ state: 'empty' });
  useEffect(() => {
    if (!cityId) {
      setLookup({ state: 'empty' });
      return;
    }
    let active = true;
    setLookup({ state: 'loading' });
    void lookUpCityPresident(cityId).then((result) => {
      if (active) setLookup(result);
    });
    return () => {
      active = false;
    };
  }, [cityId]);
  return lookup;
}
