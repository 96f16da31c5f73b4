// Deleted users stay as anonymous rows so their orders and ledger entries keep a real owner. They are
// recognised by a username no one can choose: `:` is not allowed in usernames (contract `Username`).

const PREFIX = 'deleted:';

/** The anonymous username a deleted user gets (unique, since it carries the id; at most 44 characters). */
export const deletedUsername = (userId: string) => `${PREFIX}${userId}`;

/** SQL condition (on a `users` alias) that keeps deleted users out of lists. */
export const notDeletedSql = (alias: string) => `${alias}."username_key" not like '${PREFIX}%'`;

/** Whether a username marks a deleted user. */
export const isDeletedUsername = (username: string) => username.startsWith(PREFIX);
