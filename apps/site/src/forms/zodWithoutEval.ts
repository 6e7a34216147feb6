import { config } from 'zod/mini';

// The server's Content-Security-Policy allows no eval. Zod compiles its object parsers with
// `new Function` after probing whether it may: the failed probe is caught, but the browser still
// reports a CSP violation (Lighthouse's "issues" audit). Jitless, zod never probes. The setting
// must come before the first `z.object`, which is made as a module loads: every module that makes
// schemas imports fieldError, rules or searchParams, and each of them imports this one first.
config({ jitless: true });
