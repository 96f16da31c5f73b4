// zod-to-openapi writes `type: integer` without a `format`. Integrators size their types from it, so every integer
// gets the one its declared range fits: int32 when both bounds fit 32 bits, int64 otherwise (or when a bound is missing).
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

type Node = Record<string, unknown>;

const isInteger = (node: Node) => node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));

function formatFor(node: Node): 'int32' | 'int64' {
  const { minimum, maximum } = node;
  const fits = typeof minimum === 'number' && typeof maximum === 'number' && minimum >= INT32_MIN && maximum <= INT32_MAX;
  return fits ? 'int32' : 'int64';
}

/** Adds `format` to every integer schema of the document that has none, in place. */
export function declareIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) declareIntegerFormats(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Node;
  if (isInteger(object) && object.format === undefined) object.format = formatFor(object);
  for (const value of Object.values(object)) declareIntegerFormats(value);
}
