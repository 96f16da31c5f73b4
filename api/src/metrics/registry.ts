// The process's Prometheus metrics (prom-client): one registry per process, as Prometheus scrapes processes.
// Counters and histograms are fed where things happen; the gauges that describe shared state (job queues,
// the ledger) are read from the database at scrape time, so every process reports the cluster's truth.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route (the contract operation, or static/files/unmatched) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const providerCalls = new Counter({
  name: 'provider_calls_total',
  help: 'Calls to image providers by account (KIE account name, or sandbox), operation and outcome (ok or the error kind).',
  labelNames: ['account', 'operation', 'outcome'] as const,
  registers: [registry],
});

export const studioStage = new Histogram({
  name: 'studio_stage_seconds',
  help: "Time of each stage of a task's finishing step: provider_status (the look that saw it done), download, store, thumbnail, commit.",
  labelNames: ['stage'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const jobQueueDepth = new Gauge({
  name: 'job_queue_depth',
  help: 'pg-boss jobs by queue and state (queued, active, failed), across the cluster.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const jobQueueAge = new Gauge({
  name: 'job_queue_oldest_age_seconds',
  help: 'Age of the oldest job waiting in each pg-boss queue (0 when none waits).',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const ledgerCredits = new Gauge({
  name: 'ledger_credits',
  help: 'Credits in the ledger by kind since the start: charged (usage) and refunded, across the cluster.',
  labelNames: ['kind'] as const,
  registers: [registry],
});
