// The only place the extension opens VS Code's quick picks and input boxes. Their labels,
// descriptions and details draw `$(name)` as icons, and their prompts and validation messages
// draw `[label](command:…)` as live links, so every text passes through src/util/outsideText.ts
// here; the extension's own icons go in `iconPath`. Lint forbids opening them anywhere else.
import vscode = require('vscode');
import { iconSafeText, lineText, messageText } from '../../util/outsideText';

/** A copy of `item` with its shown texts made safe; every other property (the caller's data) is kept. */
export function shownItem<T extends vscode.QuickPickItem>(item: T): T {
  if (item.kind === vscode.QuickPickItemKind.Separator) return { ...item, label: lineText(item.label) };
  return {
    ...item,
    label: iconSafeText(item.label),
    ...(item.description !== undefined ? { description: iconSafeText(item.description) } : {}),
    ...(item.detail !== undefined ? { detail: iconSafeText(item.detail) } : {}),
  };
}

const safeTitles = <O extends { title?: string; placeHolder?: string; prompt?: string }>(options: O): O => ({
  ...options,
  ...(options.title !== undefined ? { title: lineText(options.title) } : {}),
  ...(options.placeHolder !== undefined ? { placeHolder: lineText(options.placeHolder) } : {}),
  ...(options.prompt !== undefined ? { prompt: messageText(options.prompt) } : {}),
});

/** vscode.window.showQuickPick of one item, with safe texts; resolves to the caller's own item. */
export async function showSafeQuickPick<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T | undefined> {
  const shown = items.map(shownItem);
  const chosen = await vscode.window.showQuickPick(shown, { ...safeTitles(options), canPickMany: false });
  return chosen === undefined ? undefined : items[shown.indexOf(chosen)];
}

/** vscode.window.showQuickPick of several items, with safe texts; resolves to the caller's own items. */
export async function showSafeQuickPickMany<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: vscode.QuickPickOptions,
): Promise<T[] | undefined> {
  const shown = items.map(shownItem);
  const chosen = await vscode.window.showQuickPick(shown, { ...safeTitles(options), canPickMany: true });
  return chosen?.map((c) => items[shown.indexOf(c)]);
}

/** vscode.window.showInputBox with a safe title, prompt, placeholder and validation message. */
export function showSafeInputBox(options: vscode.InputBoxOptions): Thenable<string | undefined> {
  const validate = options.validateInput;
  const safeMessage = (m: string | vscode.InputBoxValidationMessage | null | undefined) =>
    typeof m === 'string' ? messageText(m) : m ? { ...m, message: messageText(m.message) } : m;
  return vscode.window.showInputBox({
    ...safeTitles(options),
    ...(validate ? { validateInput: async (value: string) => safeMessage(await validate(value)) } : {}),
  });
}

/**
 * vscode.window.createQuickPick whose items, title and placeholder are made safe whenever they are
 * set. Its selected and active items are the safe copies, which carry the caller's properties.
 */
export function createSafeQuickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
  const pick = vscode.window.createQuickPick<T>();
  return new Proxy(pick, {
    set(target, property, value: unknown) {
      let safe = value;
      if (property === 'items' && Array.isArray(value)) safe = (value as T[]).map(shownItem);
      else if ((property === 'title' || property === 'placeholder') && typeof value === 'string') {
        safe = lineText(value);
      }
      return Reflect.set(target, property, safe);
    },
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
