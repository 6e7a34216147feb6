import { createHash } from 'node:crypto';
import type { components } from '@ledgerline/api-client/contract';
import { walletAddressProblem } from '@ledgerline/rules/addresses';
import type { CoinType } from '@ledgerline/rules/coins';
import { and, desc, eq } from 'drizzle-orm';
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import type { Database } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { deposits, wallets } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';

type Wallet = components['schemas']['Wallet'];
type Message = components['schemas']['Message'];
type WalletRow = typeof wallets.$inferSelect;

const walletNotFound = 'Wallet not found';
const walletInUse = 'Deposits reference this wallet; deactivate it instead';

/** A wallet as the contract shows it; `image` is the API-relative path of its QR code. */
export function walletView(row: WalletRow): Wallet {
  return {
    _id: row.id,
    walletName: row.walletName,
    type: row.type,
    address: row.address,
    image: `/wallets/${row.id}/qr.png`,
    active: row.active,
  };
}

/** The values an admin sets, as the audit log records them (before and after a change). */
function walletValues(row: Pick<WalletRow, 'walletName' | 'type' | 'address' | 'active'>) {
  return { walletName: row.walletName, type: row.type, address: row.address, active: row.active };
}

/**
 * The active wallet of this coin at exactly this address, or null: a deposit must name a wallet
 * users can currently pay (the address as shown, not a variant of it).
 */
export async function findActiveWallet(
  db: Pick<Database, 'select'>,
  type: CoinType,
  address: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.type, type), eq(wallets.address, address), eq(wallets.active, true)))
    .limit(1);
  return row ?? null;
}

/** A wallet name as stored: trimmed, and never blank. */
export function walletName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new HttpError(400, 'walletName is required');
  return trimmed;
}

/** Refuses (400, naming the problem) an address that is not valid for the coin. */
export function requireValidAddress(type: CoinType, address: string): void {
  const problem = walletAddressProblem(type, address);
  if (problem) throw new HttpError(400, problem);
}

const qrOptions: QRCodeToBufferOptions = { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 };

type QrImage = { png: Buffer; etag: string };

/**
 * Rendered QR codes by address. An address renders to the same image every time, so a change of a
 * wallet's address simply looks up another entry; the oldest entries go beyond `capacity`.
 */
function qrCache(capacity = 200) {
  const images = new Map<string, Promise<QrImage>>();
  return (address: string): Promise<QrImage> => {
    const cached = images.get(address);
    if (cached) {
      // Most recently used last: the first entry is the one to drop.
      images.delete(address);
      images.set(address, cached);
      return cached;
    }
    const rendered = QRCode.toBuffer(address, qrOptions).then((png) => ({
      png,
      // Same address and rendering, same bytes: the tag changes only when the image does.
      etag: `"${createHash('sha256').update(JSON.stringify(qrOptions)).update(address).digest('base64url')}"`,
    }));
    rendered.catch(() => images.delete(address));
    images.set(address, rendered);
    if (images.size > capacity) {
      const oldest = images.keys().next();
      if (!oldest.done) images.delete(oldest.value);
    }
    return rendered;
  };
}

/**
 * The platform's wallets: active ones for users to pay deposits to (with QR codes anyone may load),
 * and every one for admins to list, preview and delete (adding and changing one takes two admins:
 * the approvals module). Each admin change is audited in its transaction.
 */
export function walletOperations({ db }: Services) {
  const qrImage = qrCache();

  return {
    listWallets: {
      async handler(): Promise<Wallet[]> {
        const rows = await db
          .select()
          .from(wallets)
          .where(eq(wallets.active, true))
          .orderBy(desc(wallets.createdAt), desc(wallets.id));
        return rows.map(walletView);
      },
    },

    getWalletQr: {
      async handler(request, reply) {
        const { walletId } = request.params;
        const [wallet] = await db
          .select({ address: wallets.address })
          .from(wallets)
          .where(and(eq(wallets.id, walletId), eq(wallets.active, true)))
          .limit(1);
        if (!wallet) throw new HttpError(404, walletNotFound);
        const { png, etag } = await qrImage(wallet.address);
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=300')
          .header('etag', etag)
          .send(png);
      },
    },

    adminPreviewWalletQr: {
      async handler(request, reply) {
        const { type, address } = request.body;
        // The address a wallet would be saved with (never trimmed), checked as adding it checks it,
        // and drawn as its saved wallet's QR code would be: what the admin scans is what users get.
        requireValidAddress(type, address);
        const { png } = await qrImage(address);
        // Drawn from what the admin typed, for them only: no shared cache keeps it.
        return reply.type('image/png').header('cache-control', 'no-store').send(png);
      },
    },

    adminListWallets: {
      async handler(): Promise<Wallet[]> {
        const rows = await db.select().from(wallets).orderBy(desc(wallets.createdAt), desc(wallets.id));
        return rows.map(walletView);
      },
    },

    adminDeleteWallet: {
      async handler(request): Promise<Message> {
        const actorId = signedInAccount(request).userId;
        const { walletId } = request.params;
        try {
          await db.transaction(async (tx) => {
            const [before] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
            if (!before) throw new HttpError(404, walletNotFound);
            const [used] = await tx
              .select({ id: deposits.id })
              .from(deposits)
              .where(eq(deposits.walletId, walletId))
              .limit(1);
            if (used) throw new HttpError(409, walletInUse);
            await tx.delete(wallets).where(eq(wallets.id, walletId));
            await recordAudit(tx, {
              actorId,
              action: 'wallet.delete',
              targetType: 'wallet',
              targetId: walletId,
              details: { previous: walletValues(before) },
            });
          });
        } catch (error) {
          // A deposit stored between the check and the delete: the foreign key refuses the delete.
          if (isForeignKeyViolation(error)) throw new HttpError(409, walletInUse);
          throw error;
        }
        return { msg: 'Wallet deleted' };
      },
    },
  } satisfies Operations;
}
