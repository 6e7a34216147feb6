/*
 * The anti-phishing phrase, as the site and the server both check it: a short phrase of the owner's
 * that every mail to the account shows at its top. Plain characters only, so it reads the same in a
 * mail's HTML and its plain text, and nothing in it can pass for markup.
 */

/** The shortest and longest phrase, counted once trimmed. */
export const antiPhishingPhraseLength = { min: 4, max: 32 } as const;

/** Letters, digits, spaces and a little punctuation; never `<` or `>`. */
const allowed = /^[\p{L}\p{M}\p{N} .,!?'\-_:;()&@#*+=/]*$/u;

/** The phrase as stored: trimmed, runs of spaces made one; an empty one means none. */
export function normalizeAntiPhishingPhrase(phrase: string | null | undefined): string {
  return (phrase ?? '').trim().replace(/ {2,}/g, ' ');
}

/** What is wrong with a (normalized, non-empty) phrase, as `{ msg }` says it; null when it is fine. */
export function antiPhishingPhraseProblem(phrase: string): string | null {
  const length = [...phrase].length;
  if (length < antiPhishingPhraseLength.min || length > antiPhishingPhraseLength.max) {
    return `phrase must be ${antiPhishingPhraseLength.min} to ${antiPhishingPhraseLength.max} characters`;
  }
  if (!allowed.test(phrase)) {
    return "phrase may hold only letters, digits, spaces and . , ! ? ' - _ : ; ( ) & @ # * + = /";
  }
  return null;
}
