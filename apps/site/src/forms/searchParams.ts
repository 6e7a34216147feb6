import * as z from 'zod/mini';
import './zodWithoutEval';

/** An optional text search param: missing, empty or oversized counts as absent, never as an error page. */
export const optionalSearchText = (maxLength: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(maxLength))), undefined);
