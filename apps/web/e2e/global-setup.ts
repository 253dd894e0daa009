import type { TestProject } from 'vitest/node';
import { startServer } from './support/server.ts';
import { loginOperator } from './support/wallet.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The built web app the server serves (a snapshot of apps/web/dist). */
    webDir: string;
    /** The demo operator's session on that server (one login for the whole run). */
    operatorToken: string;
  }
}

/** Starts the real server (fresh seeded database, built web app) for the browser tests. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('webDir', server.webDir);
  try {
    project.provide('operatorToken', await loginOperator(server.baseUrl));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}
