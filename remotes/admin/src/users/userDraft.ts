import type { AdminUser } from './userTypes.ts';

/** The user dialog's fields. */
export interface UserDraft {
  username: string;
  email: string;
  password: string;
  credits: number;
  isActive: boolean;
  isAdmin: boolean;
}

export const EMPTY_USER: UserDraft = { username: '', email: '', password: '', credits: 0, isActive: true, isAdmin: false };

export function draftOfUser(user: AdminUser): UserDraft {
  return {
    username: user.username,
    email: user.email ?? '',
    password: '',
    credits: user.credits,
    isActive: user.isActive,
    isAdmin: user.isAdmin,
  };
}

/** The create body: every field, an empty email as none. */
export function createBody(draft: UserDraft) {
  return {
    username: draft.username.trim(),
    email: draft.email.trim() || null,
    password: draft.password,
    credits: draft.credits,
    isActive: draft.isActive,
    isAdmin: draft.isAdmin,
  };
}

/**
 * The update body: only what the admin changed. Sending an untouched balance back could undo
 * credits the user spent while the dialog was open, and an untouched flag must not trip the
 * server's self-protection rules.
 */
export function updateBody(user: AdminUser, draft: UserDraft) {
  const body: { username?: string; email?: string | null; password?: string; credits?: number; isActive?: boolean; isAdmin?: boolean } = {};
  if (draft.username.trim() !== user.username) body.username = draft.username.trim();
  if ((draft.email.trim() || null) !== user.email) body.email = draft.email.trim() || null;
  if (draft.password) body.password = draft.password;
  if (draft.credits !== user.credits) body.credits = draft.credits;
  if (draft.isActive !== user.isActive) body.isActive = draft.isActive;
  if (draft.isAdmin !== user.isAdmin) body.isAdmin = draft.isAdmin;
  return body;
}
