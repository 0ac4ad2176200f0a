// Every word the page shows, as the extension sent it, translated, in the page's data-strings
// (made by src/model/settingsPanel/webviewStrings.ts): no English is written in src/webview/
// (test/unit/settingsPanel/webviewStrings.test.ts holds that).
import type { PanelStrings } from '../model/settingsPanel/webviewStrings';

/** The page's root, as the extension wrote it: it carries the words. */
export const app = document.getElementById('app') as HTMLElement;
/** The translated words, by the keys of src/model/settingsPanel/webviewStrings.ts. */
export const t = JSON.parse(app.dataset.strings || '{}') as PanelStrings;

/** A template of `t` with its {0}, {1}… filled. */
export const fmt = (template: string, ...args: Array<string | number>): string =>
  template.replace(/\{(\d+)\}/g, (match, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : match));

export const onOff = (v: boolean | null, on: string, off: string): string =>
  v === true ? on : v === false ? off : t.unknown;
// In VS Code's display language (the page's lang, set by the extension), not the engine's.
export const when = (ms: number): string => new Date(ms).toLocaleString(document.documentElement.lang || undefined);
