// Bulk actions on the caller's tasks: a streamed ZIP of their images, and deletion (one or many).
import type { studioBulkRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { openArchive, prepareArchive } from './archive.ts';
import { deleteTasks } from './delete-tasks.ts';

export const studioBulkHandlers = {
  async createImageArchive(ctx, { body, caller }) {
    return { status: 201 as const, body: await prepareArchive(ctx.state.em, caller.id, body.taskIds) };
  },

  async downloadImageArchive(ctx, { params, caller }) {
    const files = { storage: ctx.services.studio.storage, logger: ctx.services.logger };
    // A fork of its own: the entries are read after this handler returned, while the ZIP streams.
    const archive = await openArchive(ctx.services.orm.em.fork(), files, caller.id, params.archiveId);
    ctx.set('Content-Disposition', `attachment; filename="${archive.fileName}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'application/zip';
    // Koa pipes it to the socket (its backpressure holds the reading) and destroys it when the client goes away.
    return { status: 200, body: archive.zip as never };
  },

  async deleteImageTask(ctx, { params, caller }) {
    const files = { storage: ctx.services.studio.storage, logger: ctx.services.logger };
    await deleteTasks(ctx.state.em, files, caller.id, [params.taskId]);
    return { status: 204, body: undefined };
  },

  async deleteImageTasks(ctx, { body, caller }) {
    const files = { storage: ctx.services.studio.storage, logger: ctx.services.logger };
    return { status: 200, body: { deleted: await deleteTasks(ctx.state.em, files, caller.id, body.taskIds) } };
  },
} satisfies HandlersFor<typeof studioBulkRoutes>;
