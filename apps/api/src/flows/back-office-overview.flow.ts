import type { BackOfficeOverview } from "@quire/contracts";
import type { Db } from "../db/client";
import { countLowStockVariants } from "../modules/inventory/inventory.service";
import { countFailedJobs } from "../modules/jobs/jobs-admin.service";
import { countOrdersToShip, getSalesFigures } from "../modules/orders/orders-admin.service";
import { countRefundsToWatch } from "../modules/payments/refunds.service";
import { countReturnsToHandle } from "../modules/returns/returns.service";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /admin/reports/overview: the back office's home page in six statements, each answered in SQL by its module
 * (orders' sales and the orders to ship, returns, low stock, refunds, the job queue), however many orders the
 * store has. Days are the shop's: they begin at midnight in its time zone.
 */
export async function getBackOfficeOverview(
  db: Db,
  input: { storeId: number; storeThreshold: number; timeZone: string; now?: Date },
): Promise<BackOfficeOverview> {
  const now = input.now ?? new Date();
  const { sales, daily } = await getSalesFigures(db, { storeId: input.storeId, now, timeZone: input.timeZone });
  const ordersToShip = await countOrdersToShip(db, input.storeId);
  const returnsToHandle = await countReturnsToHandle(db, input.storeId);
  const lowStockVariants = await countLowStockVariants(db, { storeId: input.storeId, storeThreshold: input.storeThreshold });
  const refunds = await countRefundsToWatch(db, { storeId: input.storeId, since: new Date(now.getTime() - 30 * DAY_MS) });
  const failedJobsLast7Days = await countFailedJobs(db, new Date(now.getTime() - 7 * DAY_MS));
  return {
    asOf: now.toISOString(),
    timeZone: input.timeZone,
    sales,
    daily,
    toDo: {
      ordersToShip,
      returnsToHandle,
      lowStockVariants,
      refundsNeedingAttention: refunds.needingAttention,
      capturesGivenBackLast30Days: refunds.capturesGivenBack,
      failedJobsLast7Days,
    },
  };
}
