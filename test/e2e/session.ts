// The workbench the e2e runner started for this run, handed to the tests. One VS Code serves the
// whole run: what one test does (signing in, creating a snippet) is visible to the next.
import type { Workbench } from '../harness/workbench';
import type { WorkbenchUi } from './ui';

export interface E2ESession {
  workbench: Workbench;
  ui: WorkbenchUi;
}

let current: E2ESession | undefined;

export function setSession(session: E2ESession | undefined): void {
  current = session;
}

export function session(): E2ESession {
  if (!current) {
    throw new Error('No workbench: run the e2e tests with `npm run test:e2e`, which starts VS Code for them.');
  }
  return current;
}
