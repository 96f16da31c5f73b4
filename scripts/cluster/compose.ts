// Reads the deployment recipe (compose.yaml at the repo root) the way `docker compose` does for what the cluster
// test needs: merge keys, and `${VAR}`, `${VAR:-default}`, `${VAR:?message}` and `$$` in values.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, unknown>;
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

export function readCompose(path = `${REPO_ROOT}compose.yaml`): ComposeFile {
  return parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;
}

/** One value with compose's interpolation; `variables` plays the shell environment `docker compose` runs in. */
export function interpolate(value: string, variables: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name, op, arg, bare) => {
      if (match === '$$') return '$';
      const key = (name ?? bare) as string;
      const set = variables[key];
      if (!op) return set ?? '';
      const missing = op.startsWith(':') ? !set : set === undefined;
      if (!missing) return set as string;
      if (op.endsWith('-')) return arg;
      throw new Error(`compose.yaml: ${key} is required: ${arg}`);
    },
  );
}

/** A service's environment, interpolated, as a process environment. */
export function serviceEnvironment(
  compose: ComposeFile,
  service: string,
  variables: Record<string, string | undefined>,
): Record<string, string> {
  const definition = compose.services[service];
  if (!definition) throw new Error(`compose.yaml has no service ${service}`);
  const raw = definition.environment ?? {};
  const entries = Array.isArray(raw)
    ? raw.map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)] as const;
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)] as const);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value, variables)]));
}

/** The services running the app image with the given ROLE. */
export function servicesWithRole(compose: ComposeFile, role: 'web' | 'worker' | 'all'): string[] {
  return Object.keys(compose.services).filter((name) => {
    const environment = compose.services[name]?.environment;
    return environment && !Array.isArray(environment) && environment.ROLE === role;
  });
}
