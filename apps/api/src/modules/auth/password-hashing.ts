import { type Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum settings (19 MiB, 2 passes, 1 lane): about 10-20 ms a hash here.
const argon2id: Algorithm.Argon2id = 2;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The PHC string (algorithm, parameters, salt, hash) of a password, hashed whole (never truncated). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function isPasswordCorrect(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a password nobody has, verified against when an email is unknown, so that a wrong
 * email takes as long to refuse as a wrong password and sign-in does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${crypto.randomUUID()}`);
  return decoyHash;
}
