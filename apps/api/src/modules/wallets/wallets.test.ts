import { randomBytes } from 'node:crypto';
import type { components } from '@ledgerline/api-client/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deposits, uploads, wallets } from '../../db/schema';
import { signedInAdmin, signedInInvestor, userIdOf } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { approveProposal, secondAdmin } from '../../testing/money';

type Wallet = components['schemas']['Wallet'];
type WalletSaved = components['schemas']['WalletSaved'];
type Caller = { headers: Record<string, string> };

const addresses = {
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  bitcoinLegacy: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
  tron: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
  bsc: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
} as const;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const unknownId = '00000000-0000-4000-8000-000000000000';
const nobody: Caller = { headers: {} };

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let investor: Awaited<ReturnType<typeof signedInInvestor>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  investor = await signedInInvestor(app);
});
afterAll(() => app.close());

async function createWallet(caller: Caller, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/wallets',
    payload,
    headers: caller.headers,
  });
  await expectContract('adminCreateWallet', response);
  return response;
}

/** A wallet made through the API: proposed by the admin, approved by a second one. */
async function walletFor(payload: Record<string, unknown>): Promise<Wallet> {
  const response = await createWallet(admin, { walletName: 'Main', ...payload });
  const approved = await approveProposal(app, await secondAdmin(app), response);
  const walletId = approved.json().approval.wallet.walletId as string;
  const listed = (await listAllWallets()).find((wallet) => wallet._id === walletId);
  if (!listed) throw new Error('the approved wallet is not listed');
  return listed;
}

async function listAllWallets(): Promise<Wallet[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/wallets', headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Wallet[];
}

/** A change that needs a second admin: proposed by the admin, approved by another. */
async function approvedChange(walletId: string, payload: Record<string, unknown>) {
  const proposed = await updateWallet(admin, walletId, payload);
  return approveProposal(app, await secondAdmin(app), proposed);
}

async function updateWallet(caller: Caller, walletId: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/v1/admin/wallets/${walletId}`,
    payload,
    headers: caller.headers,
  });
  await expectContract('adminUpdateWallet', response);
  return response;
}

async function deleteWallet(caller: Caller, walletId: string) {
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/wallets/${walletId}`,
    headers: caller.headers,
  });
  await expectContract('adminDeleteWallet', response);
  return response;
}

async function listWallets(caller: Caller) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin-wallets', headers: caller.headers });
  await expectContract('listWallets', response);
  return response;
}

async function adminListWallets(caller: Caller) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/wallets', headers: caller.headers });
  await expectContract('adminListWallets', response);
  return response;
}

async function walletQr(walletId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/wallets/${walletId}/qr.png` });
  await expectContract('getWalletQr', response);
  return response;
}

async function storedWallet(walletId: string) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId));
  return row;
}

async function auditOf(walletId: string) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'wallet'), eq(auditLog.targetId, walletId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.action));
}

describe('POST /admin/wallets', () => {
  it.each([
    ['bitcoin', addresses.bitcoin],
    ['bitcoin', addresses.bitcoinLegacy],
    ['ethereum', addresses.ethereum],
    ['usdt', addresses.tron],
    ['usdt', addresses.bsc],
  ])('adds a %s wallet at %s, with its QR code path', async (type, address) => {
    const response = await createWallet(admin, { walletName: '  Main wallet  ', type, address });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().msg).toBe('Proposed: a second admin must approve it');
    const approved = await approveProposal(app, await secondAdmin(app), response);
    const walletId = approved.json().approval.wallet.walletId as string;
    const wallet = (await listAllWallets()).find((item) => item._id === walletId);
    expect(wallet).toEqual({
      _id: walletId,
      walletName: 'Main wallet',
      type,
      address,
      image: `/wallets/${walletId}/qr.png`,
      active: true,
    });
    expect(await storedWallet(walletId)).toMatchObject({ walletName: 'Main wallet', type, address });
  });

  it('adds an inactive wallet when asked', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin, active: false });
    expect(wallet.active).toBe(false);
  });

  it.each([
    ['bitcoin', addresses.ethereum, 'address is not a valid Bitcoin address'],
    [
      'bitcoin',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      'address is a testnet address, not a valid Bitcoin address',
    ],
    ['bitcoin', ` ${addresses.bitcoin}`, 'address is not a valid Bitcoin address'],
    ['ethereum', addresses.tron, 'address is not a valid Ethereum address'],
    [
      'ethereum',
      '0x52908400098527886E0F7030069857D2E4169Ee7',
      'address is not a valid Ethereum address (check its capital letters)',
    ],
    ['usdt', addresses.bitcoin, 'address is not a valid USDT (TRC-20, BEP-20 or ERC-20) address'],
    [
      'usdt',
      'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m8',
      'address is not a valid USDT (TRC-20, BEP-20 or ERC-20) address',
    ],
  ])('refuses a %s wallet at %j', async (type, address, msg) => {
    const walletName = `Refused ${randomBytes(4).toString('hex')}`;
    const response = await createWallet(admin, { walletName, type, address });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ msg });
    const { db } = await testDatabase();
    expect(await db.select().from(wallets).where(eq(wallets.walletName, walletName))).toEqual([]);
  });

  it('refuses a name that is only spaces', async () => {
    const response = await createWallet(admin, {
      walletName: '   ',
      type: 'bitcoin',
      address: addresses.bitcoin,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ msg: 'walletName is required' });
  });

  it('refuses a missing field and an unknown coin, naming them', async () => {
    const missing = await createWallet(admin, { walletName: 'Main', type: 'bitcoin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ msg: 'address is required' });
    const coin = await createWallet(admin, {
      walletName: 'Main',
      type: 'dogecoin',
      address: addresses.bitcoin,
    });
    expect(coin.statusCode).toBe(400);
    expect((coin.json() as { msg: string }).msg).toMatch(/^type must be one of/);
  });

  it('is for admins only', async () => {
    const payload = { walletName: 'Main', type: 'bitcoin', address: addresses.bitcoin };
    expect((await createWallet(investor, payload)).statusCode).toBe(403);
    expect((await createWallet(nobody, payload)).statusCode).toBe(401);
  });

  it('writes who proposed and who approved the wallet to the audit log', async () => {
    const wallet = await walletFor({ type: 'ethereum', address: addresses.ethereum });
    const entries = await auditOf(wallet._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: (await secondAdmin(app)).id,
      action: 'wallet.create',
      targetType: 'wallet',
      targetId: wallet._id,
      details: {
        walletName: 'Main',
        type: 'ethereum',
        address: addresses.ethereum,
        active: true,
        proposedById: admin.id,
      },
    });
  });
});

describe('GET /admin-wallets and GET /admin/wallets', () => {
  it('shows users the active wallets only, and admins every wallet, newest first', async () => {
    const active = await walletFor({ walletName: 'Listed', type: 'usdt', address: addresses.tron });
    const inactive = await walletFor({
      walletName: 'Retired',
      type: 'usdt',
      address: addresses.bsc,
      active: false,
    });

    const forUsers = await listWallets(investor);
    expect(forUsers.statusCode).toBe(200);
    const listed = forUsers.json() as Wallet[];
    expect(listed).toContainEqual(active);
    expect(listed.map((wallet) => wallet._id)).not.toContain(inactive._id);
    expect(listed.every((wallet) => wallet.active)).toBe(true);

    const forAdmins = await adminListWallets(admin);
    expect(forAdmins.statusCode).toBe(200);
    const all = (forAdmins.json() as Wallet[]).map((wallet) => wallet._id);
    expect(all).toContain(active._id);
    expect(all.indexOf(inactive._id)).toBeLessThan(all.indexOf(active._id));
  });

  it('needs a session, and the admin list the admin role', async () => {
    expect((await listWallets(nobody)).statusCode).toBe(401);
    expect((await adminListWallets(nobody)).statusCode).toBe(401);
    expect((await adminListWallets(investor)).statusCode).toBe(403);
  });
});

describe('GET /wallets/{walletId}/qr.png', () => {
  it('renders the address as a PNG anyone may load, cacheable for five minutes', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    const response = await walletQr(wallet._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.rawPayload.length).toBeGreaterThan(pngSignature.length);
    expect(response.rawPayload.subarray(0, 8)).toEqual(pngSignature);

    // The same address renders the same image under the same tag, whichever wallet shows it.
    const again = await walletQr((await walletFor({ type: 'bitcoin', address: addresses.bitcoin }))._id);
    expect(again.rawPayload).toEqual(response.rawPayload);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('renders the new address once the address changes', async () => {
    const wallet = await walletFor({ type: 'usdt', address: addresses.tron });
    const before = await walletQr(wallet._id);
    await approvedChange(wallet._id, { address: addresses.bsc });
    const after = await walletQr(wallet._id);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.subarray(0, 8)).toEqual(pngSignature);
    expect(after.rawPayload).not.toEqual(before.rawPayload);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('answers 404 for an inactive or unknown wallet, and 400 for a malformed id', async () => {
    const inactive = await walletFor({ type: 'bitcoin', address: addresses.bitcoin, active: false });
    const hidden = await walletQr(inactive._id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ msg: 'Wallet not found' });
    const unknown = await walletQr(unknownId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'Wallet not found' });
    expect((await walletQr('not-a-wallet-id')).statusCode).toBe(400);
  });
});

async function previewQr(caller: Caller, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/wallets/qr-preview',
    payload,
    headers: caller.headers,
  });
  await expectContract('adminPreviewWalletQr', response);
  return response;
}

/** Wallets stored at this address. */
async function walletsAt(address: string) {
  const { db } = await testDatabase();
  return (await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.address, address))).length;
}

/** Audit rows this file's admin has written. */
async function auditCount() {
  const { db } = await testDatabase();
  return (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorId, admin.id))).length;
}

describe('POST /admin/wallets/qr-preview', () => {
  it.each([
    ['bitcoin', addresses.bitcoin],
    ['ethereum', addresses.ethereum],
    ['usdt', addresses.tron],
    ['usdt', addresses.bsc],
  ])('draws the %s address %s as the saved wallet serves it, storing nothing', async (type, address) => {
    const walletsBefore = await walletsAt(address);
    const auditBefore = await auditCount();
    const preview = await previewQr(admin, { type, address });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.rawPayload.subarray(0, 8)).toEqual(pngSignature);
    expect(await walletsAt(address)).toBe(walletsBefore);
    expect(await auditCount()).toBe(auditBefore);

    const saved = await walletQr((await walletFor({ type, address }))._id);
    expect(saved.statusCode).toBe(200);
    expect(preview.rawPayload).toEqual(saved.rawPayload);
  });

  it('draws a different image for a different address', async () => {
    const bitcoin = await previewQr(admin, { type: 'bitcoin', address: addresses.bitcoin });
    const legacy = await previewQr(admin, { type: 'bitcoin', address: addresses.bitcoinLegacy });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.rawPayload).not.toEqual(bitcoin.rawPayload);
  });

  it.each([
    ['bitcoin', addresses.ethereum, 'address is not a valid Bitcoin address'],
    [
      'ethereum',
      '0x52908400098527886E0F7030069857D2E4169Ee7',
      'address is not a valid Ethereum address (check its capital letters)',
    ],
    ['usdt', addresses.bitcoin, 'address is not a valid USDT (TRC-20, BEP-20 or ERC-20) address'],
    ['bitcoin', ` ${addresses.bitcoin}`, 'address is not a valid Bitcoin address'],
  ])('refuses a %s address %j, naming the field as adding the wallet does', async (type, address, msg) => {
    const auditBefore = await auditCount();
    const preview = await previewQr(admin, { type, address });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json()).toEqual({ msg });
    const create = await createWallet(admin, { walletName: 'Refused', type, address });
    expect(create.json()).toEqual({ msg });
    expect(await auditCount()).toBe(auditBefore);
  });

  it('refuses a missing address and an unknown coin, naming them', async () => {
    const missing = await previewQr(admin, { type: 'bitcoin' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ msg: 'address is required' });
    const coin = await previewQr(admin, { type: 'dogecoin', address: addresses.bitcoin });
    expect(coin.statusCode).toBe(400);
    expect((coin.json() as { msg: string }).msg).toMatch(/^type must be one of/);
  });

  it('is for admins only', async () => {
    const payload = { type: 'bitcoin', address: addresses.bitcoin };
    const asUser = await previewQr(investor, payload);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ msg: 'Admin role required' });
    expect((await previewQr(nobody, payload)).statusCode).toBe(401);
  });
});

describe('PATCH /admin/wallets/{walletId}', () => {
  it('renames and deactivates a wallet at once, and reactivates it with a second admin', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    const renamed = await updateWallet(admin, wallet._id, { walletName: '  Cold storage ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      msg: 'Wallet updated',
      wallet: { ...wallet, walletName: 'Cold storage' },
    });

    const deactivated = await updateWallet(admin, wallet._id, { active: false });
    expect((deactivated.json() as WalletSaved).wallet.active).toBe(false);
    expect((await walletQr(wallet._id)).statusCode).toBe(404);
    const listed = (await listWallets(investor)).json() as Wallet[];
    expect(listed.map((item) => item._id)).not.toContain(wallet._id);

    const reactivated = await updateWallet(admin, wallet._id, { active: true });
    expect(reactivated.statusCode, reactivated.body).toBe(202);
    expect((await walletQr(wallet._id)).statusCode).toBe(404);
    await approveProposal(app, await secondAdmin(app), reactivated);
    expect((await walletQr(wallet._id)).statusCode).toBe(200);
  });

  it('changes coin and address together', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    const response = await updateWallet(admin, wallet._id, { type: 'ethereum', address: addresses.ethereum });
    expect(response.statusCode, response.body).toBe(202);
    expect(await storedWallet(wallet._id)).toMatchObject({ type: 'bitcoin', address: addresses.bitcoin });
    await approveProposal(app, await secondAdmin(app), response);
    expect(await storedWallet(wallet._id)).toMatchObject({ type: 'ethereum', address: addresses.ethereum });
  });

  it('refuses a change that leaves an address invalid for the coin, changing nothing', async () => {
    const wallet = await walletFor({ walletName: 'Unchanged', type: 'bitcoin', address: addresses.bitcoin });
    const stored = await storedWallet(wallet._id);

    const coinOnly = await updateWallet(admin, wallet._id, { type: 'ethereum', walletName: 'Changed' });
    expect(coinOnly.statusCode).toBe(400);
    expect(coinOnly.json()).toEqual({ msg: 'address is not a valid Ethereum address' });

    const addressOnly = await updateWallet(admin, wallet._id, { address: addresses.tron, active: false });
    expect(addressOnly.statusCode).toBe(400);
    expect(addressOnly.json()).toEqual({ msg: 'address is not a valid Bitcoin address' });

    const blankName = await updateWallet(admin, wallet._id, {
      walletName: ' ',
      address: addresses.bitcoinLegacy,
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json()).toEqual({ msg: 'walletName is required' });

    expect(await storedWallet(wallet._id)).toEqual(stored);
    expect((await auditOf(wallet._id)).map((entry) => entry.action)).toEqual(['wallet.create']);
  });

  it('answers 404 for an unknown wallet and 400 for an empty change', async () => {
    const unknown = await updateWallet(admin, unknownId, { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'Wallet not found' });
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    expect((await updateWallet(admin, wallet._id, {})).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    expect((await updateWallet(investor, wallet._id, { active: false })).statusCode).toBe(403);
    expect((await updateWallet(nobody, wallet._id, { active: false })).statusCode).toBe(401);
    expect((await storedWallet(wallet._id))?.active).toBe(true);
  });

  it('writes the new and the previous values to the audit log', async () => {
    const wallet = await walletFor({ walletName: 'Before', type: 'usdt', address: addresses.tron });
    await approvedChange(wallet._id, { walletName: 'After', address: addresses.bsc });
    const [, update] = await auditOf(wallet._id);
    expect(update).toMatchObject({
      actorId: (await secondAdmin(app)).id,
      action: 'wallet.update',
      targetId: wallet._id,
      details: {
        walletName: 'After',
        type: 'usdt',
        address: addresses.bsc,
        active: true,
        previous: { walletName: 'Before', type: 'usdt', address: addresses.tron, active: true },
        proposedById: admin.id,
      },
    });
  });
});

describe('DELETE /admin/wallets/{walletId}', () => {
  it('deletes a wallet no deposit references, and audits it', async () => {
    const wallet = await walletFor({ walletName: 'Spare', type: 'ethereum', address: addresses.ethereum });
    const response = await deleteWallet(admin, wallet._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ msg: 'Wallet deleted' });
    expect(await storedWallet(wallet._id)).toBeUndefined();
    expect((await walletQr(wallet._id)).statusCode).toBe(404);

    const again = await deleteWallet(admin, wallet._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ msg: 'Wallet not found' });

    const deletion = (await auditOf(wallet._id)).find((entry) => entry.action === 'wallet.delete');
    expect(deletion).toMatchObject({
      actorId: admin.id,
      targetId: wallet._id,
      details: {
        previous: { walletName: 'Spare', type: 'ethereum', address: addresses.ethereum, active: true },
      },
    });
  });

  it('refuses to delete a wallet a deposit references: deactivate it instead', async () => {
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    const { db } = await testDatabase();
    const userId = await userIdOf(investor.email);
    const [receipt] = await db
      .insert(uploads)
      .values({
        ownerId: userId,
        kind: 'receipt',
        mediaType: 'image/png',
        byteSize: 100,
        sha256: '0'.repeat(64),
      })
      .returning({ id: uploads.id });
    if (!receipt) throw new Error('the receipt was not stored');
    await db.insert(deposits).values({
      userId,
      ref: `DEP-${randomBytes(4).toString('hex').toUpperCase()}`,
      type: 'bitcoin',
      amountCents: 10_000,
      paymentTo: addresses.bitcoin,
      walletId: wallet._id,
      receiptId: receipt.id,
    });

    const response = await deleteWallet(admin, wallet._id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ msg: 'Deposits reference this wallet; deactivate it instead' });
    expect(await storedWallet(wallet._id)).toBeDefined();
    expect((await auditOf(wallet._id)).map((entry) => entry.action)).toEqual(['wallet.create']);

    const deactivated = await updateWallet(admin, wallet._id, { active: false });
    expect(deactivated.statusCode).toBe(200);
  });

  it('answers 400 for a malformed id, and is for admins only', async () => {
    expect((await deleteWallet(admin, 'not-a-wallet-id')).statusCode).toBe(400);
    const wallet = await walletFor({ type: 'bitcoin', address: addresses.bitcoin });
    expect((await deleteWallet(investor, wallet._id)).statusCode).toBe(403);
    expect((await deleteWallet(nobody, wallet._id)).statusCode).toBe(401);
    expect(await storedWallet(wallet._id)).toBeDefined();
  });
});
