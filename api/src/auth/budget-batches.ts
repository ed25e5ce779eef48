import type pg from 'pg';

/** One point of a budget to spend: its row in `rate_limits` (the limiter's `prefix:key`) and window. */
export interface Spend {
  row: string;
  durationMs: number;
}

/** The point as counted: its rank in the window (over the budget's points: refused) and the window's end. */
export interface Spent {
  consumedPoints: number;
  msBeforeNext: number;
}

interface Waiting extends Spend {
  resolve: (spent: Spent) => void;
  reject: (error: unknown) => void;
}

/*
 * The rows of rate-limiter-flexible's RateLimiterPostgres (the same upsert, for many rows and points at
 * once): a window that has ended starts again with the points spent now. Rows are locked in key order,
 * so two API processes' statements never deadlock.
 */
const statement = `
insert into rate_limits (key, points, expire)
select s.key, s.points, $3::bigint + s.duration from unnest($1::text[], $2::int[], $4::bigint[]) as s(key, points, duration)
order by s.key
on conflict (key) do update set
  points = case when rate_limits.expire <= $3 then excluded.points else rate_limits.points + excluded.points end,
  expire = case when rate_limits.expire <= $3 then excluded.expire else rate_limits.expire end
returning key, points, expire`;

/**
 * Group commit for the budgets every public request spends. While one statement is with the database,
 * the points that arrive wait and then go together in the next one, each row once with the sum of its
 * points: a busy API pays one round trip and one commit for many requests instead of one per budget, and
 * no longer queues on the lock of a row every request updates (one address's budget). Each point still
 * gets its own rank in the window, in the order the requests came, so a burst gets no more than the
 * budget past the check, as with one statement per point.
 */
export class BudgetBatches {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly pool: pg.Pool) {}

  spend(points: Spend[]): Promise<Spent[]> {
    return Promise.all(
      points.map(
        (point) =>
          new Promise<Spent>((resolve, reject) => {
            this.waiting.push({ ...point, resolve, reject });
            if (!this.flushing) void this.flush();
          }),
      ),
    );
  }

  private async flush() {
    this.flushing = true;
    // Let the request that woke the flush queue all its points first: they go in one statement.
    await Promise.resolve();
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.spendBatch(batch);
      } catch (error) {
        batch.forEach((point) => point.reject(error));
      }
    }
    this.flushing = false;
  }

  private async spendBatch(batch: Waiting[]) {
    const rows = new Map<string, Waiting[]>();
    for (const point of batch) {
      const same = rows.get(point.row);
      if (same) same.push(point);
      else rows.set(point.row, [point]);
    }
    const keys = [...rows.keys()];
    const now = Date.now();
    const { rows: counted } = await this.pool.query<{ key: string; points: number; expire: string | null }>({
      name: 'budget-batches-spend',
      text: statement,
      values: [keys, keys.map((key) => rows.get(key)!.length), now, keys.map((key) => rows.get(key)![0]!.durationMs)],
    });
    for (const { key, points, expire } of counted) {
      const waiting = rows.get(key)!;
      const msBeforeNext = expire === null ? -1 : Math.max(Number(expire) - Date.now(), 0);
      // The row's count after this batch: the first waiting point was number `points - waiting.length + 1`.
      waiting.forEach((point, i) => point.resolve({ consumedPoints: points - waiting.length + i + 1, msBeforeNext }));
    }
  }
}
