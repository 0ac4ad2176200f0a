// The version bookkeeping of open hook settings documents (model/documents/documentVersions.ts,
// shared with snippet files): a document's version is the settings it was read from (or last saved
// as) with the text that showed them, kept beyond the window as a hash of the settings
// (hookSaveLogic.ts); a refused save names the settings it met by that same hash. Plain logic
// without `vscode`, unit-tested in Node.
import type { HookSettings } from '../../api/types';
import { DocumentVersions } from '../documents/documentVersions';
import type { BaseStorage } from '../../util/documentBases';
import { hookSettingsBaseOf, isHookSettingsBase, type HookSettingsBase } from './hookSaveLogic';

/** The settings a document was read from or last saved as. */
export interface HookSettingsVersion {
  /** As the server gave them: their numbers go back as the server wrote them, even where JavaScript cannot hold them. */
  settings: HookSettings | undefined;
  /** The text last read from or saved to the server; none when neither happened in this window. */
  text: string | undefined;
}

/** Per document URI: its settings' version, their hash kept beyond the window, and a refused save (the hash of the settings it met). */
export type HookSettingsVersions<U extends { toString(): string }> = DocumentVersions<
  U,
  HookSettingsVersion,
  HookSettingsBase,
  string
>;

export function hookSettingsVersions<U extends { toString(): string }>(
  storage: BaseStorage,
  storageKey: string,
): HookSettingsVersions<U> {
  return new DocumentVersions(storage, storageKey, {
    baseOf: (version) => hookSettingsBaseOf(version.settings),
    isBase: isHookSettingsBase,
  });
}
