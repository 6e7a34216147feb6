import { Secret, TOTP } from 'otpauth';

/**
 * An authenticator app for `secret`: each code it hands out is of a later 30-second step than the
 * last, since the server accepts a code once and never one older than the last it accepted. It starts
 * a step back (the server allows one step of drift either way) so that three codes fit in one step.
 * `usedAt` is when a code of this secret was last given (turning two-factor on, say): the next is later.
 */
export function authenticatorApp(secret: string, usedAt?: number) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let lastStep = usedAt === undefined ? Number.NEGATIVE_INFINITY : Math.floor(usedAt / 30_000);
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const current = Math.floor(now / 30_000);
      // Late in a step, the step before would be two behind by the time the server reads it.
      const earliest = now % 30_000 > 20_000 ? current : current - 1;
      const step = Math.max(earliest, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return totp.generate({ timestamp: step * 30_000 });
      }
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 100));
    }
  };
}
