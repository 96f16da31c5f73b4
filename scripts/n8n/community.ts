// Loads a community node package the way n8n loads an installed one: the built files its package.json lists under
// `n8n`, registered as `<package name>.<node name>`. `n8n-workflow` is a peer dependency of such packages, so the
// package gets the engine's copy (one set of error classes and helpers, as inside n8n).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';

const require = createRequire(import.meta.url);

const nodes = new Map<string, INodeType | IVersionedNodeType>();
const credentials = new Map<string, ICredentialType>();

interface CommunityManifest {
  name: string;
  n8n: { nodes?: string[]; credentials?: string[] };
}

/** Registers the package in `dir` (built first); answers the node and credential types it brought. */
export function loadCommunityPackage(dir: string): { nodeTypes: string[]; credentialTypes: string[] } {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as CommunityManifest;
  const own = createRequire(join(dir, 'package.json'));
  const engineWorkflow = require.resolve('n8n-workflow');
  require(engineWorkflow);
  require.cache[own.resolve('n8n-workflow')] = require.cache[engineWorkflow];

  const instances = (files: string[] = []) =>
    files.flatMap((file) =>
      Object.values(own(join(dir, file)) as Record<string, new () => unknown>)
        .filter((exported) => typeof exported === 'function')
        .map((Class) => new Class()),
    );
  const nodeTypes = instances(manifest.n8n.nodes).map((node) => {
    const type = `${manifest.name}.${(node as INodeType).description.name}`;
    nodes.set(type, node as INodeType);
    return type;
  });
  const credentialTypes = instances(manifest.n8n.credentials).map((credential) => {
    credentials.set((credential as ICredentialType).name, credential as ICredentialType);
    return (credential as ICredentialType).name;
  });
  return { nodeTypes, credentialTypes };
}

export const communityNode = (type: string) => nodes.get(type);
export const communityCredential = (name: string) => credentials.get(name);
