import * as z from 'zod/mini';
import '../../../forms/zodWithoutEval';

/** The contract's longest wallet name: 100 characters. */
export const walletNameMaxLength = 100;

/** A wallet's name: required once trimmed, at most 100 characters. */
export const walletNameRule = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Name is required'),
    z.maxLength(walletNameMaxLength, `Name is at most ${walletNameMaxLength} characters`),
  );
