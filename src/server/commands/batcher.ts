/**
 * Writes that arrive together, stored together: what reaches a batcher in one turn of the event loop, or while the
 * batch before it is being stored, goes to the database as one batch (an intent's one statement, a processor's
 * events' one transaction), so the database's work per write falls as the traffic rises and a lone write waits for
 * nothing. Each caller is answered only once its batch committed.
 */
export interface BatcherOptions<I, O> {
  /** Stores a batch; answers each item's outcome, in the items' order. */
  store(items: readonly I[]): Promise<O[]>;
  /** At most this many in one batch. */
  max: number;
  /**
   * A batch that failed with this error is stored again one item at a time, so that whatever was refused fails only
   * its own caller; any other failure fails the whole batch.
   */
  retryOneByOne(err: unknown): boolean;
}

interface Pending<I, O> {
  item: I;
  resolve: (outcome: O) => void;
  reject: (err: unknown) => void;
}

export class Batcher<I, O> {
  private waiting: Pending<I, O>[] = [];
  private storing = false;

  constructor(private readonly options: BatcherOptions<I, O>) {}

  add(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      // After the requests that arrived with this one (the same turn of the event loop) have joined it: an
      // embedded database answers without giving them another chance.
      if (!this.storing) {
        this.storing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    const { store, max, retryOneByOne } = this.options;
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, max);
        let outcomes: O[] | undefined;
        let failure: unknown;
        try {
          outcomes = await store(batch.map((pending) => pending.item));
        } catch (err) {
          failure = err;
        }
        if (outcomes) batch.forEach((pending, i) => pending.resolve(outcomes[i]!));
        else if (batch.length > 1 && retryOneByOne(failure))
          for (const pending of batch)
            await store([pending.item]).then(([outcome]) => pending.resolve(outcome!), pending.reject);
        else for (const pending of batch) pending.reject(failure);
      }
    } finally {
      this.storing = false;
    }
  }
}
