import { type AnyColumn, and, desc, gte, lt, type SQL, sql } from 'drizzle-orm';
import { HttpError } from './errors';

/** Where a page ended: the last row's creation instant and id (rows are ordered by both, newest first). */
export type Cursor = { createdAt: Date; id: string };

/** Cursors are opaque to clients: base64url of the last row's instant and id. */
export function encodeCursor(row: Cursor): string {
  return Buffer.from(JSON.stringify({ c: row.createdAt.toISOString(), i: row.id })).toString('base64url');
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a `cursor` query parameter; a malformed or forged one answers 400, never a 5xx. */
export function decodeCursor(value: string | undefined): Cursor | null {
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object') {
      const { c, i } = parsed as Record<string, unknown>;
      const createdAt = typeof c === 'string' ? new Date(c) : null;
      if (createdAt && !Number.isNaN(createdAt.getTime()) && typeof i === 'string' && uuidPattern.test(i)) {
        return { createdAt, id: i };
      }
    }
  } catch {
    // Falls through to the one answer for every bad cursor.
  }
  throw new HttpError(400, 'cursor is not valid: pass the nextCursor of the previous page');
}

/** The keyset condition "after the cursor" for rows ordered by (createdAt desc, id desc). */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * One page from `limit + 1` rows fetched in order: the extra row only says whether a next page
 * exists, and is not answered.
 */
export function toPage<Row extends Cursor, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * What a list's query string says about paging: the page size and where the previous page ended;
 * and, for lists that take them, a creation window: `from` included, `to` not.
 */
export type PageQuery = { limit?: number; cursor?: string; from?: string; to?: string };

/** The rows of one page, as a list asks the database for them. */
export type PageRequest = {
  /** Its filters and "after the cursor", joined with AND (undefined when there are none). */
  where: SQL | undefined;
  /** Newest first: (createdAt desc, id desc), the order the cursor is read in. */
  orderBy: SQL[];
  /** One more than the page size: the extra row only says whether a next page exists. */
  limit: number;
};

/**
 * One page of a list ordered newest first by (createdAt, id), 20 rows unless the query says how many:
 * the query's cursor and creation window become conditions beside the list's filters, `limit + 1` rows are read,
 * and the cursor of the page's last row is answered when more follow.
 */
export async function keysetPage<Row, Item>({
  query,
  keys,
  filters,
  read,
  keyOf,
  toItem,
}: {
  query: PageQuery;
  /** The columns the list is ordered and paged by. */
  keys: { createdAt: AnyColumn; id: AnyColumn };
  filters: (SQL | undefined)[];
  read: (page: PageRequest) => Promise<Row[]>;
  /** The row's own instant and id, from which the next page's cursor is made. */
  keyOf: (row: Row) => Cursor;
  toItem: (row: Row) => Item;
}): Promise<{ items: Item[]; nextCursor: string | null }> {
  const limit = query.limit ?? 20;
  const cursor = decodeCursor(query.cursor);
  const rows = await read({
    where: and(
      ...filters,
      query.from ? gte(keys.createdAt, new Date(query.from)) : undefined,
      query.to ? lt(keys.createdAt, new Date(query.to)) : undefined,
      cursor ? afterCursor(keys.createdAt, keys.id, cursor) : undefined,
    ),
    orderBy: [desc(keys.createdAt), desc(keys.id)],
    limit: limit + 1,
  });
  return toPage(
    rows.map((row) => ({ row, ...keyOf(row) })),
    limit,
    ({ row }) => toItem(row),
  );
}
