// My Creations' search and filters, kept in the address (so a search can be bookmarked and survives a reload): the
// same names as the task list's query parameters, except `favourite=1` (the address the Favourites toggle always used).
import type { TaskListQuery } from '../tasks/useImageTasks.ts';

export const TASK_KINDS = ['text_to_image', 'edit_image', 'upscale'] as const;
export const TASK_STATUSES = ['pending', 'generating', 'completed', 'failed'] as const;
export const TASK_ORIGINS = ['web', 'api', 'n8n'] as const;
/** The date choices: the spec's 14 days (the default), the whole history, or days picked. */
export const WHEN = ['recent', 'all', 'range'] as const;

export interface CreationFilters {
  q: string;
  type?: (typeof TASK_KINDS)[number];
  status?: (typeof TASK_STATUSES)[number];
  via?: (typeof TASK_ORIGINS)[number];
  when: (typeof WHEN)[number];
  from?: string;
  to?: string;
  favourite: boolean;
}

export const CREATIONS_DAYS = 14;
export const CREATIONS_PAGE_SIZE = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/** The filters an address asks for; anything unknown or malformed is left out. */
export function readFilters(params: URLSearchParams): CreationFilters {
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  return {
    q: params.get('q')?.slice(0, 200) ?? '',
    type: oneOf(TASK_KINDS, params.get('type')),
    status: oneOf(TASK_STATUSES, params.get('status')),
    via: oneOf(TASK_ORIGINS, params.get('via')),
    when: from || to ? 'range' : params.get('scope') === 'all' ? 'all' : 'recent',
    from,
    to,
    favourite: params.get('favourite') === '1',
  };
}

/** The address of these filters (`/my-creations` alone for the default view). */
export function filtersHref(filters: CreationFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.via) params.set('via', filters.via);
  if (filters.when === 'all') params.set('scope', 'all');
  if (filters.when === 'range') {
    if (filters.from) params.set('from', filters.from);
    if (filters.to) params.set('to', filters.to);
    if (!filters.from && !filters.to) params.set('scope', 'all');
  }
  if (filters.favourite) params.set('favourite', '1');
  const query = params.toString();
  return query ? `/my-creations?${query}` : '/my-creations';
}

export const NO_FILTERS: CreationFilters = { q: '', when: 'recent', favourite: false };

/** Whether anything narrows the default view. */
export const isFiltered = (filters: CreationFilters) => filtersHref(filters) !== '/my-creations';

/** The task list's query for these filters (first page; the cursor is added per page). */
export function listQuery(filters: CreationFilters): TaskListQuery {
  const q = filters.q.trim();
  return {
    limit: CREATIONS_PAGE_SIZE,
    days: CREATIONS_DAYS,
    ...(q && { q }),
    ...(filters.type && { type: filters.type }),
    ...(filters.status && { status: filters.status }),
    ...(filters.via && { via: filters.via }),
    ...(filters.when !== 'recent' && { scope: 'all' as const }),
    ...(filters.when === 'range' && filters.from && { from: filters.from }),
    ...(filters.when === 'range' && filters.to && { to: filters.to }),
    ...(filters.favourite && { favourite: 'true' as const }),
  };
}
