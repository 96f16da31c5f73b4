/** What the Google callback put in the /login address (spec 000 §2): `auth=success&user=…` or `auth=error&message=…`. */
export type AuthReturn = { outcome: 'success'; username: string | null } | { outcome: 'error'; message: string | null };

/** Reads the return parameters; null when the address has none. */
export function readAuthReturn(search: string): AuthReturn | null {
  const params = new URLSearchParams(search);
  const auth = params.get('auth');
  if (auth === 'success') return { outcome: 'success', username: usernameFrom(params.get('user')) };
  if (auth === 'error') return { outcome: 'error', message: params.get('message')?.trim() || null };
  return null;
}

/** `user` is JSON like `{"username":"ann"}`; anything else yields no name rather than an error. */
function usernameFrom(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as { username?: unknown };
    return typeof user.username === 'string' && user.username ? user.username : null;
  } catch {
    return null;
  }
}
