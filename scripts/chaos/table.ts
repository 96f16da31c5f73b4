// The run's report: the faults with their recovery, then one line per check with its verdict.
import type { Check } from './checks.ts';
import type { Journal } from './journal.ts';

/** A route with its dynamic segments folded. */
const fold = (path: string) => path.replace(/\/sbx_ch_[^/]+/, '/:checkout').replace(/\/[0-9a-f-]{36}$/, '/:id');

const pad = (text: string, width: number) => text.padEnd(width).slice(0, Math.max(width, text.length));

export function renderReport(journal: Journal, checks: Check[], t0: number, serverErrors = new Map<string, number>()): string {
  const lines: string[] = [];
  lines.push('fault              start   end     recovery  detail');
  for (const fault of journal.faults) {
    const recovery = fault.recoveredAt === undefined ? 'never' : `${((fault.recoveredAt - fault.endedAt) / 1000).toFixed(1)} s`;
    lines.push(
      `${pad(fault.kind, 18)} ${pad(`${((fault.startedAt - t0) / 1000).toFixed(1)}s`, 7)} ${pad(`${((fault.endedAt - t0) / 1000).toFixed(1)}s`, 7)} ${pad(recovery, 9)} ${fault.detail}`,
    );
  }
  lines.push('');
  // What the users did: requests per route (dynamic segments folded), so a run that skipped a flow shows it.
  const routes = new Map<string, number>();
  for (const call of journal.calls) {
    const route = `${call.method} ${fold(call.path)}`;
    routes.set(route, (routes.get(route) ?? 0) + 1);
  }
  lines.push(`requests: ${[...routes].map(([route, count]) => `${route} ×${count}`).join(', ')}`);
  const statuses = new Map<string, number>();
  for (const call of journal.calls) {
    const kind =
      call.status === 0 ? 'no answer' : [401, 402, 409, 429].includes(call.status) ? String(call.status) : `${String(call.status)[0]}xx`;
    statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
  }
  lines.push(
    `answers: ${[...statuses]
      .sort()
      .map(([kind, count]) => `${kind} ×${count}`)
      .join(', ')}`,
  );
  // The refusals and the unanswered by route and problem code, so each can be told right or wrong.
  const notable = new Map<string, number>();
  for (const call of journal.calls) {
    if (call.status !== 0 && call.status !== 409 && call.status < 500) continue;
    const what = `${call.status || 'no answer'} ${call.method} ${fold(call.path)}${call.problem ? ` ${call.problem}` : ''}`;
    notable.set(what, (notable.get(what) ?? 0) + 1);
  }
  if (notable.size)
    lines.push(
      `of which: ${[...notable]
        .sort()
        .map(([what, count]) => `${what} ×${count}`)
        .join(', ')}`,
    );
  if (serverErrors.size)
    lines.push(
      `server errors logged: ${[...serverErrors]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([what, count]) => `${what} ×${count}`)
        .join('; ')}`,
    );
  lines.push('');
  const width = Math.max(...checks.map((item) => item.name.length));
  lines.push(`${pad('check', width)}  verdict  detail`);
  for (const item of checks) lines.push(`${pad(item.name, width)}  ${item.ok ? 'PASS   ' : 'FAIL   '}  ${item.detail}`);
  lines.push('');
  lines.push(checks.every((item) => item.ok) ? 'VERDICT: PASS' : `VERDICT: FAIL (${checks.filter((item) => !item.ok).length} checks)`);
  return lines.join('\n');
}
