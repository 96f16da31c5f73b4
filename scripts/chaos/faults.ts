// Faults on a schedule drawn from the seed, one after another with a pause between: each is recorded as a window
// (from the first harm to the moment it is over) so the verdict can tell expected failures from defects.
import type { AppProcess } from '../cluster/processes.ts';
import type { ChaosCluster } from './cluster.ts';
import type { FaultWindow, Journal } from './journal.ts';
import { PROVIDER_TOKEN } from './provider.ts';
import { replayProviderCallbacks } from './provider-callbacks.ts';
import type { Random } from './random.ts';

export const FAULT_KINDS = [
  'provider-errors',
  'provider-hang',
  'provider-silent',
  'kill-web',
  'kill-worker',
  'rolling-restart',
  'database-restart',
  'bucket-outage',
  'provider-callbacks',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface PlannedFault {
  kind: FaultKind;
  /** Pause before it starts, after the previous one ended. */
  afterMs: number;
}

/** Every kind once, in a seed-drawn order, with seed-drawn pauses. */
export function planFaults(random: Random, seconds: number): PlannedFault[] {
  const kinds = [...FAULT_KINDS];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j] as FaultKind, kinds[i] as FaultKind];
  }
  const spread = Math.max(2000, (seconds * 1000) / (kinds.length * 4));
  return kinds.map((kind) => ({ kind, afterMs: random.int(spread / 2, spread) }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces `old` in `list` by a freshly started process (the proxy reads `webs` on each request). */
async function replace(list: AppProcess[], old: AppProcess, start: () => Promise<AppProcess>): Promise<AppProcess> {
  const fresh = await start();
  const at = list.indexOf(old);
  if (at >= 0) list.splice(at, 1, fresh);
  else list.push(fresh);
  return fresh;
}

async function perform(cluster: ChaosCluster, kind: FaultKind, random: Random, journal: Journal): Promise<string> {
  switch (kind) {
    case 'kill-web': {
      const victim = random.pick(cluster.webs);
      await victim.kill();
      await replace(cluster.webs, victim, cluster.startWeb);
      return `kill -9 ${victim.name}, a new one started`;
    }
    case 'kill-worker': {
      const victim = random.pick(cluster.workers);
      await victim.kill();
      await replace(cluster.workers, victim, cluster.startWorker);
      return `kill -9 ${victim.name}, a new one started`;
    }
    case 'rolling-restart': {
      // As an orchestrator rolls a deployment: a new process is up, then the old one gets SIGTERM and drains.
      const names: string[] = [];
      for (const old of [...cluster.webs]) {
        const fresh = await cluster.startWeb();
        cluster.webs.push(fresh);
        await old.stop(15_000);
        cluster.webs.splice(cluster.webs.indexOf(old), 1);
        names.push(`${old.name}→${fresh.name}`);
      }
      const worker = cluster.workers[0] as AppProcess;
      const fresh = await cluster.startWorker();
      cluster.workers.push(fresh);
      await worker.stop(15_000);
      cluster.workers.splice(cluster.workers.indexOf(worker), 1);
      return `SIGTERM ${names.join(', ')}, ${worker.name}→${fresh.name}`;
    }
    case 'database-restart': {
      const terminated = await cluster.postgres.terminateConnections();
      await cluster.postgres.stop();
      const downMs = random.int(2000, 5000);
      const probed = Date.now();
      for (const app of [...cluster.webs, ...cluster.workers]) {
        const status = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
          (response) => response.status,
          () => 0,
        );
        journal.readinessWhileDatabaseDown.push({ app: app.name, status });
      }
      await pause(Math.max(0, downMs - (Date.now() - probed)));
      await cluster.postgres.start();
      return `${terminated} connections terminated, server down ${downMs} ms`;
    }
    case 'bucket-outage': {
      const downMs = random.int(10_000, 20_000);
      cluster.bucket.cut();
      await pause(downMs);
      cluster.bucket.open();
      return `bucket unreachable ${downMs} ms`;
    }
    case 'provider-errors': {
      const downMs = random.int(5000, 10_000);
      cluster.provider.kie.setAccount(PROVIDER_TOKEN, { mode: 'server_error', taskDurationMs: 1500 });
      await pause(downMs);
      cluster.provider.kie.setAccount(PROVIDER_TOKEN, { taskDurationMs: 1500 });
      return `the provider answered 500 for ${downMs} ms`;
    }
    case 'provider-hang': {
      const downMs = random.int(5000, 10_000);
      cluster.provider.kie.setAccount(PROVIDER_TOKEN, { mode: 'hang', taskDurationMs: 1500 });
      await pause(downMs);
      cluster.provider.kie.setAccount(PROVIDER_TOKEN, { taskDurationMs: 1500 });
      return `the provider left requests unanswered for ${downMs} ms, then cut them`;
    }
    case 'provider-silent': {
      const quietMs = random.int(5000, 10_000);
      cluster.provider.kie.setSendCallbacks(false);
      await pause(quietMs);
      cluster.provider.kie.setSendCallbacks(true);
      return `tasks created during ${quietMs} ms never called back`;
    }
    case 'provider-callbacks': {
      const { tasks, failures } = await replayProviderCallbacks(cluster.postgres.url, cluster.provider.kie, random, journal);
      return `callbacks of ${tasks} tasks sent 2-3 times, newest first (${failures} not answered 200)`;
    }
  }
}

/** Runs the plan to its end (or until `stop`), journaling each window. */
export async function runFaults(cluster: ChaosCluster, plan: PlannedFault[], random: Random, journal: Journal, stop: AbortSignal) {
  for (const planned of plan) {
    await pause(planned.afterMs);
    if (stop.aborted) return;
    const window: FaultWindow = { kind: planned.kind, detail: '', startedAt: Date.now(), endedAt: 0 };
    journal.faults.push(window);
    window.detail = await perform(cluster, planned.kind, random, journal);
    window.endedAt = Date.now();
  }
}
