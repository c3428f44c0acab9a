import { useQuery } from '@tanstack/react-query';
import { INIT_CACHE_MS, STORAGE_KEYS } from '../../contract/constants';
import type { TInitResponse } from '../../contract/system';
import { api } from './api';

interface Stored {
  fetchedAt: number;
  data: TInitResponse;
}

function readStored(): Stored | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.initData) ?? 'null') as Stored | null;
    return stored?.data?.version ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** App data (sources, industries, version), kept 24 hours in local storage. */
export function useInitData() {
  const stored = readStored();
  return useQuery({
    queryKey: ['init'],
    queryFn: async ({ signal }) => {
      const data = await api<TInitResponse>('/init/', { signal });
      localStorage.setItem(STORAGE_KEYS.initData, JSON.stringify({ fetchedAt: Date.now(), data } satisfies Stored));
      return data;
    },
    initialData: stored?.data,
    initialDataUpdatedAt: stored?.fetchedAt,
    staleTime: INIT_CACHE_MS,
  });
}
