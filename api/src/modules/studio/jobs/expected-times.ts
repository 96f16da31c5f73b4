// How long each model and kind of task took lately: the median provider time of the last completions, read from
// the tasks table and kept a few seconds per process (every look of every task asks).
import type { SqlEntityManager } from '@mikro-orm/sql';
import { ImageTaskRepository } from '../tasks/image-task.repository.ts';

const KEEP_MS = 5000;

export class ExpectedTimes {
  readonly #known = new Map<string, { at: number; ms: number }>();

  /** The median provider time (ms) of the model's recent completions of this kind, or undefined without any. */
  async of(em: SqlEntityManager, model: string, generationType: string): Promise<number | undefined> {
    const key = `${model}\u0000${generationType}`;
    const known = this.#known.get(key);
    if (known && Date.now() - known.at < KEEP_MS) return known.ms;
    // Nothing known is asked again next time: the first completions teach the schedule at once.
    const ms = await new ImageTaskRepository(em).medianProviderMs(model, generationType).catch(() => undefined);
    if (ms !== undefined) this.#known.set(key, { at: Date.now(), ms });
    return ms;
  }
}
