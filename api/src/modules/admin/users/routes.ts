// Users (spec 001 §7 "Users"): list with image counts, create, edit, enable/disable, credits, delete.
import type { adminUserRoutes } from '@app/contract';
import { notFound } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { acting } from '../../audit/index.ts';
import type { User } from '../../users/index.ts';
import { presentAdminUser } from '../../users/index.ts';
import { countUserImages, listUsersWithImageCounts } from './users.repository.ts';
import { createUserAsAdmin, setCreditsAsAdmin, softDeleteUser, toggleUserAsAdmin, updateUserAsAdmin } from './users.service.ts';

const userNotFound = () => notFound('No such user.');

async function answer(ctx: AppContext, user: User | null) {
  if (!user) throw userNotFound();
  return { status: 200 as const, body: presentAdminUser(user, await countUserImages(ctx.state.em, user.id)) };
}

export const adminUserHandlers = {
  async listAdminUsers(ctx, { query }) {
    const { users, total, imageCounts } = await listUsersWithImageCounts(ctx.state.em, query);
    return { status: 200, body: { data: users.map((user) => presentAdminUser(user, imageCounts.get(user.id) ?? 0)), total } };
  },

  async createAdminUser(ctx, { body, caller }) {
    const user = await createUserAsAdmin(ctx.state.em, body, acting(ctx, caller));
    return { status: 201, body: presentAdminUser(user, 0) };
  },

  async updateAdminUser(ctx, { params, body, caller }) {
    return answer(ctx, await updateUserAsAdmin(ctx.state.em, params.id, body, acting(ctx, caller)));
  },

  async toggleAdminUser(ctx, { params, body, caller }) {
    return answer(ctx, await toggleUserAsAdmin(ctx.state.em, params.userId, body.isActive, acting(ctx, caller)));
  },

  async setUserCredits(ctx, { params, body, caller }) {
    return answer(ctx, await setCreditsAsAdmin(ctx.state.em, params.userId, body, acting(ctx, caller)));
  },

  async deleteAdminUser(ctx, { params, caller }) {
    if (!(await softDeleteUser(ctx.state.em, params.id, acting(ctx, caller), ctx.services.studio.storage))) throw userNotFound();
    return { status: 200, body: { message: 'User deleted' } };
  },
} satisfies HandlersFor<typeof adminUserRoutes>;
