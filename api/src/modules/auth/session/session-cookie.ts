// The `sid` cookie: httpOnly, SameSite=Lax, Path=/, Secure whenever the site is served over HTTPS.
import type { AppContext } from '../../../http/context.ts';
import { isSessionId } from './session.service.ts';

export const SESSION_COOKIE = 'sid';

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  path?: string;
  secure: boolean;
  sameSite?: 'Lax' | 'Strict';
}

/** One `Set-Cookie` value. Always httpOnly: no script of ours ever needs to read these cookies. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? '/'}`, `Max-Age=${Math.floor(options.maxAge)}`, 'HttpOnly'];
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** HTTPS as seen by the browser: the configured public URL, or this request (honouring TRUST_PROXY). */
export function isSecureRequest(ctx: AppContext): boolean {
  return ctx.services.config.publicUrl?.startsWith('https:') === true || ctx.secure;
}

/** Appends a `Set-Cookie` header (written by hand: koa's cookies refuse Secure on plain HTTP behind a proxy). */
export function setCookie(ctx: AppContext, name: string, value: string, options: Omit<CookieOptions, 'secure'>): void {
  // The last word wins: drop an earlier Set-Cookie for the same name from this response (clear, then set).
  const earlier = ctx.response.get('Set-Cookie') as unknown as string[] | string;
  const kept = (Array.isArray(earlier) ? earlier : earlier ? [earlier] : []).filter((line) => !line.startsWith(`${name}=`));
  ctx.set('Set-Cookie', [...kept, serializeCookie(name, value, { ...options, secure: isSecureRequest(ctx) })]);
}

/** How the cookies library (Koa's `ctx.cookies.get`) finds a cookie in the header: the first `sid=`, unquoted. */
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;) *${SESSION_COOKIE}=([^;]*)`);

/** The `sid` cookie's value as sent, well-formed or not (read as `ctx.cookies.get` does, without its jar). */
export function sessionCookieOf(header: string | undefined): string | undefined {
  // Most anonymous calls carry no cookies at all, or none of ours.
  if (!header?.includes(SESSION_COOKIE)) return undefined;
  const value = SESSION_COOKIE_PATTERN.exec(header)?.[1];
  return value?.[0] === '"' ? value.slice(1, -1) : value;
}

/** The session id from the cookie, when it has the right shape. */
export function readSessionCookie(ctx: AppContext): string | undefined {
  const value = sessionCookieOf(ctx.req.headers.cookie);
  return isSessionId(value) ? value : undefined;
}

/** Sends the session id; the browser keeps it until the absolute expiry. */
export function setSessionCookie(ctx: AppContext, sid: string): void {
  setCookie(ctx, SESSION_COOKIE, sid, { maxAge: ctx.services.config.sessions.absoluteMs / 1000 });
}

/** Tells the browser to forget the session id. */
export function clearSessionCookie(ctx: AppContext): void {
  setCookie(ctx, SESSION_COOKIE, '', { maxAge: 0 });
}
