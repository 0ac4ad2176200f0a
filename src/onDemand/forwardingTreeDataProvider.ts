// The Snippets view's data provider as activation registers it: VS Code needs the tree view from
// the start (its welcome view and title actions), but the provider's code is in the snippets
// bundle. The first question the view asks loads it; every question is passed on.
import vscode = require('vscode');

export class ForwardingTreeDataProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | T[] | null | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private target: vscode.TreeDataProvider<T> | undefined;
  private relay: vscode.Disposable | undefined;

  /** `load` makes the real provider known through connect(), usually by loading its bundle. */
  constructor(private readonly load: () => void) {}

  connect(real: vscode.TreeDataProvider<T>): void {
    this.relay?.dispose();
    this.target = real;
    this.relay = real.onDidChangeTreeData?.((e) => this.changed.fire(e));
  }

  private get real(): vscode.TreeDataProvider<T> {
    if (!this.target) this.load();
    if (!this.target) throw new Error('the Snippets view has no data provider');
    return this.target;
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.real.getTreeItem(element);
  }

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.real.getChildren(element);
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.real.getParent?.(element);
  }

  dispose(): void {
    this.relay?.dispose();
    this.changed.dispose();
  }
}
