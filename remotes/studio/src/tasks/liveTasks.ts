import { type components, isApiKey, type LiveCacheWriter } from '@app/api-client';

type TaskEvent = components['schemas']['LiveTaskEvent'];
type TaskList = { tasks: { id: string }[] };

const TASKS = '/api/image-tasks';

/** Newest revision applied per task: a replayed or late event never rolls a task back. */
const revisions = new Map<string, number>();

/**
 * The studio's task lists, kept current by the event stream (added by `routes.tsx` when the studio's code loads, so
 * lists it read earlier stay current on other pages too). A `task` event is merged into every list that shows the
 * task; a first page without it is read again (the task is new, or that list's last read lost a race with its
 * creation), as is a blank list; `reset` (events were missed) re-reads them all.
 */
export const writeTaskEvent: LiveCacheWriter = (event, { mutate, read }) => {
  if (event.name === 'reset') {
    void mutate((key) => isApiKey(key, TASKS));
    return;
  }
  if (event.name !== 'task') return;
  const task = event.data as TaskEvent;
  if ((revisions.get(task.id) ?? 0) > task.revision) return;
  revisions.set(task.id, task.revision);
  const { revision: _revision, ...fields } = task;
  const hasTask = (key: unknown) => Boolean((read(key) as TaskList | undefined)?.tasks.some((item) => item.id === task.id));
  void mutate(
    (key) => isApiKey(key, TASKS) && hasTask(key),
    (data: TaskList | undefined) =>
      data && { ...data, tasks: data.tasks.map((item) => (item.id === task.id ? { ...item, ...fields } : item)) },
    { revalidate: false },
  );
  void mutate((key) => isApiKey(key, TASKS) && (read(key) === undefined || ((key[2]?.params?.query?.page ?? 1) === 1 && !hasTask(key))));
};
