import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { testImage } from '../../testing/images';
import { createWallets, walletAddresses } from '../../testing/money';
import { type FormPart, multipartForm } from '../../testing/multipart';

/*
 * The receipt of POST /deposits follows the upload rules (tested in depth through KYC in
 * files/uploads.test.ts): here each refused receipt is sent as a deposit, and nothing is stored.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  await createWallets(app, await signedInAdmin(app));
  return () => app.close();
});

const fields: FormPart[] = [
  { name: 'type', value: 'bitcoin' },
  { name: 'amount', value: '150' },
  { name: 'paymentTo', value: walletAddresses.bitcoin },
];

function receipt(content: Buffer, filename = 'receipt.png', contentType = 'image/png'): FormPart {
  return { name: 'image', filename, contentType, content };
}

async function stored(userId: string) {
  const { db } = await testDatabase();
  const deposits = rowsOf(await db.execute(sql`SELECT id FROM deposits WHERE user_id = ${userId}`));
  const uploads = rowsOf(await db.execute(sql`SELECT id FROM uploads WHERE owner_id = ${userId}`));
  return { deposits: deposits.length, uploads: uploads.length };
}

const cases: Array<[string, () => Promise<FormPart[]>, number]> = [
  [
    'a PNG header on HTML',
    async () => [
      receipt(
        Buffer.concat([
          (await testImage('png')).subarray(0, 33),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
      ),
    ],
    400,
  ],
  [
    'an SVG with a script',
    async () => [
      receipt(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'receipt.svg',
        'image/svg+xml',
      ),
    ],
    415,
  ],
  [
    'a truncated JPEG',
    async () => [receipt((await testImage('jpeg', 256)).subarray(0, 400), 'receipt.jpg', 'image/jpeg')],
    400,
  ],
  ['a zero-byte file', async () => [receipt(Buffer.alloc(0))], 400],
  [
    'a 6 MB file',
    async () => [receipt(Buffer.concat([await testImage('png'), Buffer.alloc(6 * 1024 * 1024)]))],
    413,
  ],
  [
    'two files',
    async () => [receipt(await testImage('png')), receipt(await testImage('png'), 'second.png')],
    400,
  ],
  [
    'receipt.jpg.php',
    async () => [receipt(Buffer.from('<?php system($_GET["c"]); ?>'), 'receipt.jpg.php', 'image/jpeg')],
    415,
  ],
  [
    'a PDF',
    async () => [
      receipt(
        Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        'receipt.pdf',
        'application/pdf',
      ),
    ],
    415,
  ],
  [
    'a text file named .png',
    async () => [receipt(Buffer.from('just some text, not an image'), 'receipt.png', 'image/png')],
    415,
  ],
];

describe('deposit receipts', () => {
  it.each(cases)('refuses %s and stores nothing', async (_name, parts, status) => {
    const investor = await signedInInvestor(app);
    const form = multipartForm([...fields, ...(await parts())]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/deposits',
      headers: { ...investor.headers, ...form.headers },
      payload: form.payload,
    });
    await expectContract('createDeposit', response);
    expect(response.statusCode, response.body).toBe(status);
    expect(await stored(await userIdOf(investor.email))).toEqual({ deposits: 0, uploads: 0 });
  });

  it('accepts a valid PNG sent with a wrong Content-Type: the type comes from its bytes', async () => {
    const investor = await signedInInvestor(app);
    const form = multipartForm([...fields, receipt(await testImage('png'), 'receipt.txt', 'text/plain')]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/deposits',
      headers: { ...investor.headers, ...form.headers },
      payload: form.payload,
    });
    await expectContract('createDeposit', response);
    expect(response.statusCode, response.body).toBe(201);
    expect(await stored(await userIdOf(investor.email))).toEqual({ deposits: 1, uploads: 1 });
  });

  it('refuses a paymentTo that is not an active wallet of that coin, and stores nothing', async () => {
    const investor = await signedInInvestor(app);
    for (const [type, paymentTo] of [
      ['bitcoin', walletAddresses.ethereum],
      ['ethereum', '0x0000000000000000000000000000000000000000'],
    ] as const) {
      const form = multipartForm([
        { name: 'type', value: type },
        { name: 'amount', value: '10' },
        { name: 'paymentTo', value: paymentTo },
        receipt(await testImage('png')),
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/deposits',
        headers: { ...investor.headers, ...form.headers },
        payload: form.payload,
      });
      await expectContract('createDeposit', response);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe(`paymentTo must be the address of one of our active ${type} wallets`);
    }
    expect(await stored(await userIdOf(investor.email))).toEqual({ deposits: 0, uploads: 0 });
  });
});
