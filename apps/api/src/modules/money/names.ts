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
