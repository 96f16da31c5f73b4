/** A timestamp column as the API sends it: PostgreSQL gives a Date, a driver that does not parse it gives text. */
export const isoTime = (value: Date | string) => new Date(value).toISOString();
