// TanStack Query defaults: client errors (4xx) are answers, not outages, so they are not retried.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-fetch';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2 },
      mutations: { retry: false },
    },
  });
}
