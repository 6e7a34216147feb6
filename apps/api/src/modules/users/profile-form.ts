import type { components } from '@ledgerline/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { readTextForm } from '../../http/forms';

type ProfileUpdate = components['schemas']['ProfileUpdate'];

/** The profile columns, by the form's field names (the seven of `ProfileUpdate`). */
type ProfileChanges = Partial<Record<keyof ProfileUpdate, string>>;

/**
 * Reads the multipart profile form and answers the fields to change. The whole form is checked
 * against the contract's `ProfileUpdate` first (any other field such as role, balances, email or
 * verified refuses it with 400). Empty fields are left out, so they leave the profile unchanged.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileChanges> {
  const fields = await readTextForm(request);
  const changes: ProfileChanges = {};
  for (const [name, value] of Object.entries(fields)) {
    const trimmed = value.trim();
    if (trimmed !== '') changes[name as keyof ProfileUpdate] = trimmed;
  }
  return changes;
}
