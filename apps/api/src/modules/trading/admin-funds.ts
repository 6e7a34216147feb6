import { resumeFund } from '@ledgerline/engine';
import { usdNumberToCents } from '@ledgerline/rules/usd';
import { eq, sql } from 'drizzle-orm';
import { fundStates, funds } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { recordAudit } from '../audit/audit';
import { signedInAccount } from '../auth/sessions';
import { stepUpCodes, tradingStepUpCodeNeededMessage } from '../step-up/step-up';
import { loadedState, storedState } from './engine-state';
import { exchangeTimeframes } from './exchange';
import { allFunds, fundById } from './fund-config';
import { announceFundPaused } from './fund-events';
import { checkedSettings, fundSettingsOf, storedPairs } from './fund-settings';
import { setTradingPaused, tradingSwitchView } from './trading-switch';
import { fundMarks, fundSummary } from './views';

/*
 * The operator's controls: making a fund, changing its settings, pausing and resuming it, and the
 * global kill switch. Every setting is checked by the engine's own validators before anything is
 * stored; a refusal names each field at fault, and stores nothing. Every change is audited in the
 * transaction that makes it.
 */

const notFound = () => new HttpError(404, 'Not found');

/** The minimum investment in cents, or a 400 naming it. */
function minimumCents(amount: number): number {
  const cents = usdNumberToCents(amount);
  if (cents === null || cents <= 0)
    throw new HttpError(400, 'minimumInvestment must be more than 0, with at most two decimals');
  return cents;
}

export function adminFundOperations(services: Services) {
  const { db, config } = services;
  const requireStepUpCode = stepUpCodes(services);
  const exchange = async () => ({
    id: config.TRADING_EXCHANGE,
    timeframes: await exchangeTimeframes(config.TRADING_EXCHANGE),
  });

  return {
    adminCreateFund: {
      async handler(request, reply) {
        const admin = signedInAccount(request);
        const body = request.body;
        const checked = checkedSettings(body, await exchange());
        if (!checked.ok) throw new HttpError(400, checked.problems.join('; '));
        const minimumInvestmentCents = minimumCents(body.minimumInvestment);
        const reason = body.reason?.trim() || null;
        const paused = body.paused ?? false;
        const created = await db.transaction(async (tx) => {
          const [fund] = await tx
            .insert(funds)
            .values({
              slug: `fund-${crypto.randomUUID()}`,
              name: body.name.trim(),
              ...checked.settings,
              minimumInvestmentCents,
              riskLevel: body.riskLevel,
              paused,
              pausedReason: paused ? reason : null,
            })
            .returning();
          if (!fund) throw new Error('The fund was not stored');
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'fund.create',
            targetType: 'fund',
            targetId: fund.id,
            reason,
            details: { name: fund.name, ...fundSettingsOf(fund), paused },
          });
          return fund;
        });
        reply.status(201);
        return fundSummary(created, undefined);
      },
    },

    adminUpdateFund: {
      async handler(request) {
        const admin = signedInAccount(request);
        const { fundId } = request.params;
        const before = await fundById(db, fundId);
        if (!before) throw notFound();
        const body = request.body;
        const reason = body.reason?.trim() || null;
        const current = fundSettingsOf(before);
        const settingsChanged =
          body.strategy !== undefined || body.risk !== undefined || body.fees !== undefined;
        const checked = settingsChanged
          ? checkedSettings(
              {
                strategy: body.strategy ?? current.strategy,
                risk: body.risk ?? current.risk,
                fees: body.fees ?? current.fees,
              },
              await exchange(),
            )
          : null;
        if (checked && !checked.ok) throw new HttpError(400, checked.problems.join('; '));
        if (body.strategy !== undefined && body.strategy.kind !== current.strategy.kind) {
          // A fund's state (positions, indicators) belongs to its strategy: another kind is another fund.
          throw new HttpError(
            400,
            `strategy.kind: a ${current.strategy.kind} fund cannot become a ${body.strategy.kind} fund; create another fund`,
          );
        }
        const minimumInvestmentCents =
          body.minimumInvestment === undefined ? undefined : minimumCents(body.minimumInvestment);

        let newlyPaused = false;
        const updated = await db.transaction(async (tx) => {
          const [locked] = await tx.select().from(funds).where(eq(funds.id, fundId)).for('update');
          if (!locked) throw notFound();
          newlyPaused = body.paused === true && !locked.paused;
          const [state] = await tx
            .select()
            .from(fundStates)
            .where(eq(fundStates.fundId, fundId))
            .for('update');
          if (checked?.ok && state) {
            const pairs = storedPairs(checked.settings.strategy);
            const held = storedPairs(locked.strategy);
            // A fund that has traded keeps its pairs: its positions and indicators are per pair.
            if (pairs.join() !== held.join()) {
              throw new HttpError(
                400,
                `strategy.${current.strategy.kind === 'trend' ? 'pairs' : 'weights'}: the pairs of a fund that has traded cannot change (${held.join(', ')}); create another fund`,
              );
            }
          }
          const paused = body.paused ?? locked.paused;
          const [fund] = await tx
            .update(funds)
            .set({
              ...(body.name !== undefined ? { name: body.name.trim() } : {}),
              ...(checked?.ok ? checked.settings : {}),
              ...(minimumInvestmentCents !== undefined ? { minimumInvestmentCents } : {}),
              ...(body.riskLevel !== undefined ? { riskLevel: body.riskLevel } : {}),
              paused,
              pausedReason: paused ? (body.paused === undefined ? locked.pausedReason : reason) : null,
            })
            .where(eq(funds.id, fundId))
            .returning();
          if (!fund) throw notFound();
          if (body.paused === false && state) {
            // Resuming also clears a pause of the drawdown circuit breaker: a person has decided.
            const engine = loadedState(state.state);
            if (engine.risk.paused !== null) {
              await tx
                .update(fundStates)
                .set({ state: storedState(resumeFund(engine)), version: sql`${fundStates.version} + 1` })
                .where(eq(fundStates.fundId, fundId));
            }
          }
          const { reason: _reason, ...changes } = body;
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'fund.update',
            targetType: 'fund',
            targetId: fundId,
            reason,
            details: {
              ...changes,
              before: { name: locked.name, ...fundSettingsOf(locked), paused: locked.paused },
            },
          });
          return fund;
        });
        // Holders and admins hear of a pause once it has committed, with the admin's reason.
        if (newlyPaused) await announceFundPaused(db, updated, updated.pausedReason ?? 'Paused by an admin');
        const marks = await fundMarks(db, [fundId]);
        return fundSummary(updated, marks.get(fundId));
      },
    },

    adminPauseTrading: {
      async handler(request) {
        const admin = signedInAccount(request);
        const reason = request.body.reason.trim();
        if (reason === '') throw new HttpError(400, 'reason: say why trading stops');
        await db.transaction(async (tx) => {
          // The switch stops every fund at once: a stolen session alone must not be able to move it.
          await requireStepUpCode(request, request.body.twoFactorCode, tx, tradingStepUpCodeNeededMessage);
          await setTradingPaused(tx, { paused: true, reason, adminId: admin.userId });
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'trading.pause',
            targetType: 'trading',
            targetId: 'trading',
            reason,
          });
        });
        // Every fund stops placing orders: each fund's holders and the admins are told why.
        for (const fund of await allFunds(db)) {
          if (!fund.paused) await announceFundPaused(db, fund, `All trading is paused: ${reason}`);
        }
        return tradingSwitchView(db);
      },
    },

    adminResumeTrading: {
      async handler(request) {
        const admin = signedInAccount(request);
        const reason = request.body.reason?.trim() || null;
        await db.transaction(async (tx) => {
          await requireStepUpCode(request, request.body.twoFactorCode, tx, tradingStepUpCodeNeededMessage);
          await setTradingPaused(tx, { paused: false, reason: null, adminId: admin.userId });
          await recordAudit(tx, {
            actorId: admin.userId,
            action: 'trading.resume',
            targetType: 'trading',
            targetId: 'trading',
            reason,
          });
        });
        return tradingSwitchView(db);
      },
    },
  } satisfies Operations;
}
