import type { MultipartAnswer, MultipartParts, MultipartPath, paths, Schemas } from '@ledgerline/api-client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { formOf } from '../src/multipart';

describe('the multipart call’s types, taken from the contract', () => {
  it('offers exactly the operations that take a multipart form', () => {
    expectTypeOf<MultipartPath<'POST'>>().toEqualTypeOf<'/deposits' | '/withdrawals' | '/kyc'>();
    expectTypeOf<MultipartPath<'PATCH'>>().toEqualTypeOf<'/users/user-info'>();
  });

  it('takes a file where the contract has binary, and keeps the required parts required', () => {
    expectTypeOf<MultipartParts<Schemas['KycSubmission']>>().toEqualTypeOf<{
      document: 'passport' | Blob;
      image: string | Blob;
    }>();
  });

  it('answers with each operation’s success body', () => {
    expectTypeOf<MultipartAnswer<paths['/deposits']['post']>>().toEqualTypeOf<
      Schemas['TransactionCreated']
    >();
    expectTypeOf<MultipartAnswer<paths['/kyc']['post']>>().toEqualTypeOf<Schemas['KycCreated']>();
  });
});

describe('formOf', () => {
  it('sends files as they are and every other part as text', async () => {
    const receipt = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const form = formOf({ type: 'bitcoin', amount: '12.50', image: receipt });

    expect(form.get('type')).toBe('bitcoin');
    expect(form.get('amount')).toBe('12.50');
    const image = form.get('image');
    expect(image).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (image as Blob).arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('leaves out empty and missing parts, so an empty profile field is not sent', () => {
    const form = formOf({ fullname: 'Jane Doe', phone: '', country: undefined, address: null });

    expect([...form.keys()]).toEqual(['fullname']);
  });
});
