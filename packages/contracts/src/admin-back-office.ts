import { z } from "zod";
import { dataSchema, MoneySchema } from "./common";
import { MAX_PAGE_SIZE } from "./constants";

// Contracts of the back office's own calls: the figures on its home page and the job queue's failures.

// ---------------------------------------------------------------- the figures (GET /admin/reports/overview)

/** Orders placed in a period and what they came to, in one currency. Cancelled orders count in neither. */
export const SalesFiguresSchema = z.object({ orders: z.number().int().min(0), revenue: MoneySchema });

/** One currency's sales today, over the last 7 days and over the last 30 (each counting today, days in UTC). */
export const CurrencySalesSchema = z.object({
  currencyCode: z.string(),
  today: SalesFiguresSchema,
  last7Days: SalesFiguresSchema,
  last30Days: SalesFiguresSchema,
});

/** One UTC day of the chart: each currency sold in that day (none: an empty list). */
export const DailySalesSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currencies: z.array(z.object({ currencyCode: z.string(), orders: z.number().int().min(0), revenue: MoneySchema })),
});

/** The counts behind the home page's links: what is waiting for someone of the shop. */
export const BackOfficeToDoSchema = z.object({
  /** Paid orders not shipped yet (status confirmed). */
  ordersToShip: z.number().int().min(0),
  /** Returns asked for or received, not yet approved or rejected. */
  returnsToHandle: z.number().int().min(0),
  /** Variants at or below their low-stock threshold (the rule of GET /admin/stock/low). */
  lowStockVariants: z.number().int().min(0),
  /** Refunds that need the merchant: owed (a bank transfer to send back) or failed. */
  refundsNeedingAttention: z.number().int().min(0),
  /** Payments captured after they were no longer wanted and given back, in the last 30 days. */
  capturesGivenBackLast30Days: z.number().int().min(0),
  /** Background jobs that failed their last retry in the last 7 days (the installation's, not only this store's). */
  failedJobsLast7Days: z.number().int().min(0),
});

/**
 * GET /admin/reports/overview: the store's sales per currency (today, 7 and 30 days, in UTC days), a day-by-day
 * series of the last 30 days for a chart (oldest first, every day present), and the counts of what is waiting.
 */
export const BackOfficeOverviewSchema = z
  .object({
    /** When the figures were read. */
    asOf: z.string(),
    /** The shop's time zone: its days (today, the last 7 and 30, the chart's) begin at midnight there. */
    timeZone: z.string(),
    sales: z.array(CurrencySalesSchema),
    daily: z.array(DailySalesSchema),
    toDo: BackOfficeToDoSchema,
  })
  .meta({ id: "BackOfficeOverview" });
export type BackOfficeOverview = z.infer<typeof BackOfficeOverviewSchema>;
export const BackOfficeOverviewResponseSchema = dataSchema(BackOfficeOverviewSchema);

// ---------------------------------------------------------------- failed jobs (GET /admin/jobs/failed)

/** A job's id, as pg-boss gives it: a UUID. */
export const JobIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "Expected a job id (a UUID)");

/** Where the next page of failed jobs starts: the answer's `nextBefore`, never made by hand. */
export const FailedJobsCursorSchema = z
  .string()
  .regex(
    /^\d{1,17}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    "Expected the nextBefore of a previous page",
  );

export const ListFailedJobsQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
    before: FailedJobsCursorSchema.optional(),
  })
  .strict();

/**
 * A job that failed its last retry: which queue, when it was made and when it failed, how many retries it had and
 * its last error's message (at most 500 characters). Never its payload, which may hold what is not the reader's.
 */
export const FailedJobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    createdAt: z.string(),
    failedAt: z.string(),
    retryCount: z.number().int().min(0),
    error: z.string().nullable(),
  })
  .meta({ id: "FailedJob" });
export type FailedJob = z.infer<typeof FailedJobSchema>;
export const ListFailedJobsResponseSchema = dataSchema(z.object({ jobs: z.array(FailedJobSchema), nextBefore: z.string().nullable() }));

export const JobParamsSchema = z.object({ id: JobIdSchema }).strict();
/** POST /admin/jobs/:id/retry: the job, waiting for the worker again. */
export const RetriedJobResponseSchema = dataSchema(z.object({ id: z.string(), queue: z.string(), state: z.literal("retry") }));
