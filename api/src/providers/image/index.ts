// Image providers: one interface, the KIE adapter (with account rotation and callbacks) and the sandbox.
export * from './kie/accounts.ts';
export * from './kie/callback.ts';
export * from './kie/client.ts';
export * from './provider.ts';
export * from './sandbox/render.ts';
export * from './sandbox/sandbox-provider.ts';
