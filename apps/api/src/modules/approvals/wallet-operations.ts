import type { components } from '@ledgerline/api-client/contract';
import { eq } from 'drizzle-orm';
import { wallets } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { stepUpCodes } from '../step-up/step-up';
import { requireValidAddress, walletName, walletView } from '../wallets/wallets';
import { propose, proposedMessage, readApproval, walletValues } from './proposals';

type WalletSaved = components['schemas']['WalletSaved'];
type ApprovalProposed = components['schemas']['ApprovalProposed'];

/**
 * Adding a wallet and changing one. Whoever controls a wallet's address receives every investor's
 * deposit to it, so no one admin may point deposits somewhere new: adding a wallet, changing its coin
 * or address, and reactivating one are proposed by one admin and applied when another approves.
 * Renaming or deactivating one (deposits can only stop going to it) applies at once.
 */
export function walletChangeOperations(services: Services) {
  const { db } = services;
  const requireStepUpCode = stepUpCodes(services);

  return {
    adminCreateWallet: {
      async handler(request, reply): Promise<ApprovalProposed> {
        const actorId = signedInAccount(request).userId;
        const body = request.body;
        const values = {
          walletName: walletName(body.walletName),
          type: body.type,
          // Never trimmed: an address with a space in it is refused, not quietly repaired.
          address: body.address,
          active: body.active ?? true,
        };
        requireValidAddress(values.type, values.address);
        const approval = await db.transaction(async (tx) => {
          await requireStepUpCode(request, body.twoFactorCode, tx);
          const proposal = await propose(tx, {
            proposedById: actorId,
            change: { change: 'create', ...values, previous: null },
          });
          return readApproval(tx, proposal.id, actorId);
        });
        reply.status(202);
        return { msg: proposedMessage, approval };
      },
    },

    adminUpdateWallet: {
      async handler(request, reply): Promise<WalletSaved | ApprovalProposed> {
        const actorId = signedInAccount(request).userId;
        const { walletId } = request.params;
        const body = request.body;
        const name = body.walletName === undefined ? undefined : walletName(body.walletName);
        const answer = await db.transaction(async (tx): Promise<WalletSaved | ApprovalProposed> => {
          const [before] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
          if (!before) throw new HttpError(404, 'Wallet not found');
          const after = {
            walletName: name ?? before.walletName,
            type: body.type ?? before.type,
            address: body.address ?? before.address,
            active: body.active ?? before.active,
          };
          // Checked only when the address or coin changes: renaming or deactivating a wallet stored
          // under older rules must stay possible.
          if (body.type !== undefined || body.address !== undefined) {
            requireValidAddress(after.type, after.address);
          }
          const redirects =
            after.type !== before.type ||
            after.address !== before.address ||
            (after.active && !before.active);
          if (redirects) {
            await requireStepUpCode(request, body.twoFactorCode, tx);
            const proposal = await propose(tx, {
              proposedById: actorId,
              walletId,
              change: { change: 'update', ...after, previous: walletValues(before) },
            });
            return { msg: proposedMessage, approval: await readApproval(tx, proposal.id, actorId) };
          }
          const [row] = await tx
            .update(wallets)
            .set({ ...after, updatedAt: new Date() })
            .where(eq(wallets.id, walletId))
            .returning();
          if (!row) throw new Error('The wallet was not updated');
          await recordAudit(tx, {
            actorId,
            action: 'wallet.update',
            targetType: 'wallet',
            targetId: row.id,
            details: { ...walletValues(row), previous: walletValues(before) },
          });
          return { msg: 'Wallet updated', wallet: walletView(row) };
        });
        reply.status('approval' in answer ? 202 : 200);
        return answer;
      },
    },
  } satisfies Operations;
}
