// The boards' problem answers: a name in use points at the field, so the form shows it beside the name.
import { BOARD_LIMITS, type FieldError } from '@app/contract';
import { HttpProblem, notFound } from '../../../errors.ts';

const NAME_TAKEN = 'You already have a board with this name.';

/** 409 with the name's pointer: one of the user's boards has this name, ignoring case. */
export const boardNameTaken = () =>
  new HttpProblem({
    status: 409,
    code: 'board_name_taken',
    title: 'Name in use',
    detail: NAME_TAKEN,
    errors: [{ pointer: '/body/name', detail: NAME_TAKEN }],
  });

/** 409: the user has as many boards as allowed. */
export const tooManyBoards = () =>
  new HttpProblem({
    status: 409,
    code: 'too_many_boards',
    title: 'Too many boards',
    detail: `You can have at most ${BOARD_LIMITS.boardsMax} boards. Delete one you no longer need first.`,
  });

/** 404 for a board id that is not one of the caller's (another user's included: its existence is not told). */
export const boardNotFound = () => notFound('No board of yours has this id.');

/** 404 naming each task id that is not one of the caller's. */
export const tasksNotFound = (errors: FieldError[]) =>
  new HttpProblem({ status: 404, code: 'not_found', title: 'Not found', detail: 'No task of yours has this id.', errors });
