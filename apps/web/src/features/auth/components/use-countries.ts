import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { authApi, type Country } from '../api/auth-api';

export const COUNTRIES_ERROR = 'Failed to fetch countries. Please try again later.';

let cache: Country[] | null = null;

/** GET /api/countries once per page load (SPEC §8 toast when it fails). */
export function useCountries(): { countries: Country[]; loading: boolean } {
  const [countries, setCountries] = useState<Country[]>(cache ?? []);
  const [loading, setLoading] = useState(cache === null);
  useEffect(() => {
    if (cache) return;
    let live = true;
    authApi
      .countries()
      .then((list) => {
        cache = list;
        if (live) setCountries(list);
      })
      .catch(() => {
        if (live) toast.error(COUNTRIES_ERROR, { toastId: 'countries' });
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, []);
  return { countries, loading };
}

/** Test hook. */
export function resetCountriesCache() {
  cache = null;
}
