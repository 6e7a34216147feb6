import { z } from 'zod';
import './zodWithoutEval';

/** An optional text search param: missing, empty or oversized counts as absent, never as an error page. */
export const optionalSearchText = (maxLength: number) =>
  z.string().trim().min(1).max(maxLength).optional().catch(undefined);
