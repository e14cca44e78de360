/** What arrives together is stored together, and a batch that fails fails only whoever caused it. */
import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A store that records each batch it was given and refuses any batch holding a negative number. */
function recordingStore() {
  const batches: number[][] = [];
  const store = async (items: readonly number[]) => {
    batches.push([...items]);
    if (items.some((n) => n < 0)) throw new Error(`refused ${items.filter((n) => n < 0).join(', ')}`);
    return items.map((n) => n * 10);
  };
  return { batches, store };
}

describe('Batcher', () => {
  it('stores what arrives in one turn of the event loop as one batch, answering each caller its own outcome', async () => {
    const { batches, store } = recordingStore();
    const batcher = new Batcher({ store, max: 100, retryOneByOne: () => true });
    expect(await Promise.all([1, 2, 3].map((n) => batcher.add(n)))).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('stores no more than its maximum in one batch', async () => {
    const { batches, store } = recordingStore();
    const batcher = new Batcher({ store, max: 2, retryOneByOne: () => true });
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('stores a refused batch again one by one, so only the refused item’s caller fails', async () => {
    const { batches, store } = recordingStore();
    const batcher = new Batcher({ store, max: 100, retryOneByOne: () => true });
    const outcomes = await Promise.allSettled([1, -2, 3].map((n) => batcher.add(n)));
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      10,
      'refused -2',
      30,
    ]);
    expect(batches).toEqual([[1, -2, 3], [1], [-2], [3]]);
  });

  it('fails every caller of a batch whose failure is not to be retried one by one', async () => {
    const { batches, store } = recordingStore();
    const batcher = new Batcher({ store, max: 100, retryOneByOne: () => false });
    const outcomes = await Promise.allSettled([1, -2].map((n) => batcher.add(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(batches).toEqual([[1, -2]]);
  });

  it('takes what arrives while a batch is being stored into the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstStored = new Promise<void>((resolve) => (release = resolve));
    let storing!: () => void;
    const firstStarted = new Promise<void>((resolve) => (storing = resolve));
    const batcher = new Batcher<number, number>({
      max: 100,
      retryOneByOne: () => true,
      store: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) {
          storing();
          await firstStored;
        }
        return items.map((n) => n * 10);
      },
    });
    const first = batcher.add(1);
    await firstStarted;
    const later = [batcher.add(2), batcher.add(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
  });
});
