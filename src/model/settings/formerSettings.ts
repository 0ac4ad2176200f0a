// The secret scan's settings were `bitbucketSnippets.secretScanning` (`warn` or `off`) and
// `bitbucketSnippets.secretScanning.ignoredRules`. VS Code drops a setting whose name extends
// another's whose value is not an object, so the second was never read ("Ignoring …
// secretScanning.ignoredRules as … secretScanning is "warn"" in the window's log). They are now
// `secretScan.mode` and `secretScan.ignoredRules`. A value the user set under a former name is
// read once, from the user's settings only (a workspace never decides the scan), written under the
// new name unless the user already set that one, and removed from the user's settings (the editor
// moves them at the start and whenever they change: src/editor/secretScan/secretGate.ts).
// No `vscode` here: the editor's settings module reads and writes (src/editor/settings/settings.ts).
import { SETTINGS_SECTION, Settings } from '../../util/constants';
import { errorMessage } from '../../util/errorMessage';
import { isRecord } from '../../util/isRecord';

/** The former names, below `bitbucketSnippets`, by the new ones. */
export const FORMER_SECRET_SCAN_SETTINGS = {
  [Settings.secretScanMode]: 'secretScanning',
  [Settings.secretScanIgnoredRules]: 'secretScanning.ignoredRules',
} as const;

const valid: Record<keyof typeof FORMER_SECRET_SCAN_SETTINGS, (value: unknown) => boolean> = {
  [Settings.secretScanMode]: (value) => value === 'warn' || value === 'off',
  [Settings.secretScanIgnoredRules]: (value) => Array.isArray(value) && value.every((id) => typeof id === 'string'),
};

export interface UserSettings {
  /** The user's own value of a setting below `bitbucketSnippets`, by any name; never a workspace's. */
  read(name: string): unknown;
  /** Writes (undefined: removes) the user's value. */
  write(name: string, value: unknown): Promise<void>;
  log: { info(message: string): void; warn(message: string): void };
}

/** Moves the user's values of the former names to the new ones; nothing to do the second time. */
export async function moveFormerSecretScanSettings({ read, write, log }: UserSettings): Promise<void> {
  for (const [name, former] of Object.entries(FORMER_SECRET_SCAN_SETTINGS) as Array<[keyof typeof valid, string]>) {
    const value = read(former);
    // The former mode's own value, not the tree VS Code made of it and the ignored rules under it.
    if (value === undefined || isRecord(value)) continue;
    try {
      if (valid[name](value) && read(name) === undefined) {
        await write(name, value);
        log.info(`moved the user setting ${SETTINGS_SECTION}.${former} to ${SETTINGS_SECTION}.${name}`);
      }
      // Once the new name holds a value, the former one is never copied again, even where VS Code
      // cannot remove it (a remote machine's settings file holds a name it no longer knows).
      await write(former, undefined);
    } catch (err) {
      log.warn(
        `could not move the user setting ${SETTINGS_SECTION}.${former} to ${SETTINGS_SECTION}.${name}: ${errorMessage(err)}`,
      );
    }
  }
}
