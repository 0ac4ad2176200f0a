// The walkthrough as package.json contributes it: the id the code opens, steps that can complete
// (each names a completion event the extension or VS Code actually raises), media that exists and
// ships in the .vsix, and the welcome view's link to it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { localizedManifest, ROOT } from '../l10n/localizedManifest';
import {
  ContextKeys,
  EXTENSION_ID,
  QUALIFIED_WALKTHROUGH_ID,
  Views,
  WALKTHROUGH_ID,
} from '../../../src/util/constants';
import { qualifiedStepId, WalkthroughSteps } from '../../../src/model/walkthrough/steps';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string | Record<string, string>; markdown?: string; svg?: string; altText?: string };
  completionEvents?: string[];
}
interface Manifest {
  publisher: string;
  name: string;
  contributes: {
    walkthroughs?: Array<{ id: string; title: string; steps: Step[] }>;
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    viewsWelcome: Array<{ view: string; contents: string }>;
  };
}

const manifest = localizedManifest<Manifest>();
const walkthrough = () => {
  const found = manifest.contributes.walkthroughs?.find((w) => w.id === WALKTHROUGH_ID);
  assert.ok(found, `package.json contributes the walkthrough ${WALKTHROUGH_ID}`);
  return found;
};

describe('walkthrough contribution', () => {
  it('is the one the code opens: publisher.name#id', () => {
    assert.equal(`${manifest.publisher}.${manifest.name}`, EXTENSION_ID);
    assert.equal(QUALIFIED_WALKTHROUGH_ID, `${EXTENSION_ID}#${walkthrough().id}`);
    assert.equal(walkthrough().title, 'Get started with Bitbucket Snippets');
  });

  it('has the five steps in order, each completing on its own event', () => {
    assert.deepEqual(
      walkthrough().steps.map((s) => [s.id, s.completionEvents]),
      [
        ['signIn', [`onContext:${ContextKeys.signedIn}`, 'onCommand:bitbucketSnippets.checkConnection']],
        // onView fires only when the view becomes visible, and VS Code spends it even before the step is
        // registered: its button's focus command counts too, and src/editor/walkthrough/viewStep.ts marks the
        // step done whenever the view shows, also when it showed as the window started.
        ['openMySnippets', [`onView:${Views.explorer}`, `onCommand:${Views.explorer}.focus`]],
        ['saveSelection', ['onCommand:bitbucketSnippets.createFromSelection']],
        ['editSnippetFile', [`onContext:${ContextKeys.snippetFileSaved}`]],
        ['openRepositorySettings', ['onCommand:bitbucketSnippets.openRepositorySettings']],
      ],
    );
  });

  it('names its steps as the code marks them done (src/model/walkthrough/steps.ts)', () => {
    assert.deepEqual(
      walkthrough().steps.map((s) => s.id),
      Object.values(WalkthroughSteps),
    );
    // VS Code's walkthrough service knows a step as <publisher.name>#<walkthrough id>#<step id>.
    assert.equal(
      qualifiedStepId(WalkthroughSteps.openMySnippets),
      `${manifest.publisher}.${manifest.name}#${walkthrough().id}#openMySnippets`,
    );
  });

  it('completes on commands and views the extension contributes', () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const views = new Set(
      Object.values(manifest.contributes.views)
        .flat()
        .map((v) => v.id),
    );
    // VS Code contributes a `<view id>.focus` command for every view.
    for (const view of views) commands.add(`${view}.focus`);
    for (const step of walkthrough().steps) {
      for (const event of step.completionEvents ?? []) {
        const [kind, target] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
        if (kind === 'onCommand') assert.ok(commands.has(target), `${step.id}: ${target} is a contributed command`);
        else if (kind === 'onView') assert.ok(views.has(target), `${step.id}: ${target} is a contributed view`);
        else assert.equal(kind, 'onContext', `${step.id}: ${event}`);
      }
    }
  });

  it('every step has a button (a command link) and media that exists and is packed, in light and dark themes', () => {
    const vscodeignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    for (const step of walkthrough().steps) {
      assert.match(
        step.description,
        /\n\[[^\]]+\]\(command:[\w.]+(\?[^)]*)?\)/,
        `${step.id} has a command link on a line of its own`,
      );
      const image = step.media.image;
      const media =
        image === undefined
          ? [step.media.markdown ?? step.media.svg]
          : typeof image === 'string'
            ? [image]
            : Object.values(image);
      assert.ok(media.length > 0 && media.every((m) => m !== undefined), `${step.id} has media`);
      for (const file of media as string[]) {
        assert.ok(fs.existsSync(path.join(ROOT, file)), `${step.id}: ${file} exists`);
        // .vscodeignore lets media/ in whole, and each of the walkthrough's pictures by name (the README's are not packed).
        assert.ok(
          file.startsWith('media/') ||
            new RegExp(`^!${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm').test(vscodeignore),
          `${step.id}: ${file} is packed`,
        );
      }
      if (image !== undefined && typeof image !== 'string') {
        // VS Code shows the picture of the theme's kind; a dark one in a light theme would glare.
        assert.deepEqual(
          Object.keys(image).sort(),
          ['dark', 'hc', 'hcLight', 'light'],
          `${step.id}: a picture for every kind of theme`,
        );
        assert.notEqual(image.light, image.dark, `${step.id}: the dark themes get a dark picture`);
      }
      assert.ok(image === undefined || step.media.altText, `${step.id}: an image says what it shows`);
    }
    assert.match(vscodeignore, /^!media\/\*\*$/m);
  });

  it('the signed-out welcome view links to it with the argument openWalkthrough takes', () => {
    const welcome = manifest.contributes.viewsWelcome.find((w) => w.view === Views.explorer);
    assert.ok(welcome);
    const link = /\[Get Started\]\(command:workbench\.action\.openWalkthrough\?([^)]+)\)/.exec(welcome.contents);
    assert.ok(link, 'the welcome view has a Get Started button');
    assert.deepEqual(JSON.parse(decodeURIComponent(link[1])), [QUALIFIED_WALKTHROUGH_ID]);
  });
});
