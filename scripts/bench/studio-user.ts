// The bench's signed-in studio user: ~50 finished tasks over the last days, as a regular user's recent history.
import { createLogger } from '@app/api/logger';
import type { createUser, signIn, startTestServer } from '@app/api/testing';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The testing helpers of the checkout whose server is measured (`pnpm bench:compare` loads several). */
export interface Testing {
  createUser: typeof createUser;
  signIn: typeof signIn;
}

/**
 * The benches' server settings: production, with its default log level (every request's line is written, as
 * deployed), and a per-caller budget no load reaches (thousands of requests a second come from one address and one
 * user), so every request is counted as usual and none is refused. A web process, as deployed (compose.yaml: web
 * processes run ROLE=web, the job workers and schedules run in their own processes): the measured process does not
 * also poll for jobs.
 */
const benchConfig = { logLevel: 'info', isProduction: true, apiRatePerMinute: 1_000_000_000, role: 'web' } as const;

/**
 * What a bench starts its server with: the settings above and the production logger (`createLogger`, its batched
 * writes included), writing to /dev/null rather than over the bench's own output.
 */
export const benchServer = {
  config: benchConfig,
  logger: createLogger(benchConfig, '/dev/null'),
};

/** What Chromium sends as Accept-Encoding. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The task list the studio polls, as the bench reads it. */
export const taskListPath = '/api/image-tasks?page=1&limit=16&days=7';

/** Creates the user with its ~50 finished tasks; returns the session cookie. */
export async function studioUser(server: Server, testing: Testing): Promise<string> {
  const user = await testing.createUser(server, { credits: 0 });
  await server.orm.em.fork().execute(
    `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "generation_type", "aspect_ratio", "status",
       "result_urls", "credits_used", "created_via", "created_at", "updated_at", "completed_at", "deadline_at")
     select gen_random_uuid(), ?, 'tsk_bench' || lpad(n::text, 18, '0'), 'bench prompt ' || n, 'nano_banana', 'text_to_image', '1:1',
            'completed', array['http://127.0.0.1/files/results/tsk_bench/' || n || '.png'], 2, 'web',
            now() - n * interval '2 hours', now(), now(), now()
       from generate_series(1, 50) as n`,
    [user.id],
  );
  return testing.signIn(server, user);
}
