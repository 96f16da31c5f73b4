import { describe, expect, it } from 'vitest';
import { type GenerationFailedEvent, StudioEvents } from './events.ts';

const event: GenerationFailedEvent = {
  id: 'id',
  taskId: 'tsk_x',
  userId: 'u',
  generationType: 'text_to_image',
  createdVia: 'web',
  provider: 'kie',
  providerTaskId: 'task_1',
  errorMessage: 'boom',
  refundedCredits: 2,
};

describe('StudioEvents', () => {
  it('tells every listener, keeps going when one throws or rejects, and reports their errors', async () => {
    const errors: unknown[] = [];
    const events = new StudioEvents((error) => errors.push(error));
    const seen: string[] = [];
    events.onGenerationFailed(() => {
      throw new Error('sync listener broke');
    });
    events.onGenerationFailed(async () => {
      throw new Error('async listener broke');
    });
    const off = events.onGenerationFailed((e) => {
      seen.push(e.taskId);
    });
    expect(() => events.emitGenerationFailed(event)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['tsk_x']);
    expect(errors.map((e) => (e as Error).message).sort()).toEqual(['async listener broke', 'sync listener broke']);
    off();
    events.emitGenerationFailed(event);
    expect(seen).toEqual(['tsk_x']);
  });
});
