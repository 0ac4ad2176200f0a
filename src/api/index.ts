export * from './client';
export * from './errors';
export type {
  Credentials,
  CredentialsProvider,
  CurrentUser,
  Logger,
  LogLevel,
  ProxyOptions,
  RetryPolicy,
  Timeouts,
} from './http';
export { parseBaseUrl } from './baseUrl';
export { DEFAULT_MAX_PAGES, nextStartAfter, PageWalk } from './paging';
export * from './types';
