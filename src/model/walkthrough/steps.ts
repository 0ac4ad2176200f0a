// The walkthrough's step ids as VS Code knows them. No `vscode`: the ids are checked against
// package.json's walkthrough in plain Node (test/unit/walkthrough/manifest.test.ts).
import { QUALIFIED_WALKTHROUGH_ID } from '../../util/constants';

/** Step ids as package.json's contributes.walkthroughs names them. */
export const WalkthroughSteps = {
  signIn: 'signIn',
  openMySnippets: 'openMySnippets',
  saveSelection: 'saveSelection',
  editSnippetFile: 'editSnippetFile',
  openRepositorySettings: 'openRepositorySettings',
} as const;

/** A step as VS Code's walkthrough service names it: `<publisher.name>#<walkthrough id>#<step id>`. */
export function qualifiedStepId(step: (typeof WalkthroughSteps)[keyof typeof WalkthroughSteps]): string {
  return `${QUALIFIED_WALKTHROUGH_ID}#${step}`;
}
