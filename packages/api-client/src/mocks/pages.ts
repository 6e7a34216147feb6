import { InvalidRequest } from './mock-operation';

/** A row a list pages through: newest first, by creation time, then by id. */
type Row = { _id: string; createdAt: string };
type Page<R> = { items: R[]; nextCursor: string | null };

const defaultLimit = 20;
const maxLimit = 100;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const newestFirst = (a: Row, b: Row) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

/**
 * One page of `rows` as the contract pages lists: `limit` (1 to 100, default 20) and an opaque cursor
 * naming the last row seen. The cursor is a key, not an offset, so rows added meanwhile never repeat or
 * skip: the same guarantee the server gives.
 */
export function pageOf<R extends Row>(rows: readonly R[], query: URLSearchParams): Page<R> {
  const limit = limitOf(query);
  const cursor = query.get('cursor');
  const sorted = [...rows].sort(newestFirst);
  const rest = cursor === null ? sorted : sorted.filter(isAfter(decodeCursor(cursor)));
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > limit && last ? encodeCursor(last) : null };
}

function limitOf(query: URLSearchParams): number {
  const limit = query.get('limit');
  if (limit === null) return defaultLimit;
  const value = Number(limit);
  if (!/^\d+$/.test(limit) || value < 1 || value > maxLimit) {
    throw new InvalidRequest(`limit: must be an integer from 1 to ${maxLimit}`);
  }
  return value;
}

/** The row keys are base64url JSON, like the contract's example cursor (`{"c": createdAt}` plus the id). */
function encodeCursor({ createdAt, _id }: Row): string {
  return btoa(JSON.stringify({ c: createdAt, i: _id }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function decodeCursor(cursor: string): Row {
  try {
    const key: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof key === 'object' && key !== null && 'c' in key && 'i' in key) {
      const { c, i } = key;
      if (typeof c === 'string' && typeof i === 'string') return { createdAt: c, _id: i };
    }
  } catch {
    // Not base64 or not JSON: the same answer as a well-formed cursor of the wrong shape, below.
  }
  throw new InvalidRequest('cursor: is not a cursor this list gave');
}

const isAfter = (key: Row) => (row: Row) => newestFirst(key, row) < 0;

/** A query parameter that must be one of `allowed`, or absent. */
export function enumParam<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const match = allowed.find((option) => option === value);
  if (match === undefined) throw new InvalidRequest(`${name}: must be one of ${allowed.join(', ')}`);
  return match;
}

/** A query parameter that must be a UUID, or absent. */
export function uuidParam(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!uuidPattern.test(value)) throw new InvalidRequest(`${name}: must be a UUID`);
  return value;
}

/** A free-text query parameter of 1 to `maxLength` characters, or absent. */
export function textParam(query: URLSearchParams, name: string, maxLength: number): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value.length < 1 || value.length > maxLength) {
    throw new InvalidRequest(`${name}: must be 1 to ${maxLength} characters`);
  }
  return value;
}

/** A query parameter that must be an instant (`date-time`), or absent. */
export function instantParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const instant = Date.parse(value);
  if (!/^\d{4}-\d\d-\d\dT/.test(value) || Number.isNaN(instant)) {
    throw new InvalidRequest(`${name}: must be a date-time`);
  }
  return instant;
}

/** Whether a row was created within the query's `from` (included) and `to` (not included). */
export function createdWithin(query: URLSearchParams): (row: { createdAt: string }) => boolean {
  const from = instantParam(query, 'from');
  const to = instantParam(query, 'to');
  return (row) => {
    const created = Date.parse(row.createdAt);
    return (from === undefined || created >= from) && (to === undefined || created < to);
  };
}
