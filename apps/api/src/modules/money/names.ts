import { type SQL, sql } from 'drizzle-orm';

/**
 * A name masked for other people's eyes: each word keeps its first letter, and its last when it has
 * four or more ("john doe" → "j***n d***", "maria smith" → "m***a s***h").
 */
export function maskName(fullname: string): string {
  return fullname
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => {
      const letters = [...word];
      const first = letters[0] ?? '';
      return letters.length >= 4 ? `${first}***${letters.at(-1)}` : `${first}***`;
    })
    .join(' ');
}

/**
 * `maskName` in SQL, for a statement that writes a masked name it reads itself (a referral bonus's
 * memo, written in the approval that reads the depositor): the same rule, word by word, in code
 * points. `names.test.ts` holds the two to the same answers.
 */
export function maskNameSql(fullname: SQL): SQL<string> {
  return sql<string>`(SELECT coalesce(string_agg(left(word, 1) || '***'
      || CASE WHEN char_length(word) >= 4 THEN right(word, 1) ELSE '' END, ' ' ORDER BY n), '')
    FROM regexp_split_to_table(${fullname}, '\\s+') WITH ORDINALITY AS words (word, n) WHERE word <> '')`;
}
