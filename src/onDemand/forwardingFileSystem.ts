// A file system registered at activation for a provider that is not loaded yet. VS Code needs
// the scheme registered up front (a restored editor may read a document before anything else
// runs); the real provider's code loads with the first call and every call is passed on to it.
import vscode = require('vscode');

export class ForwardingFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private target: vscode.FileSystemProvider | undefined;
  private relay: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.FileSystemProvider) {}

  /** The real provider, loaded on first use; its change events are relayed from then on. */
  private get real(): vscode.FileSystemProvider {
    if (!this.target) {
      const target = this.load();
      this.relay = target.onDidChangeFile((events) => this.changed.fire(events));
      this.target = target;
    }
    return this.target;
  }

  watch(
    uri: vscode.Uri,
    options: { readonly recursive: boolean; readonly excludes: readonly string[] },
  ): vscode.Disposable {
    return this.real.watch(uri, options);
  }

  stat(uri: vscode.Uri): vscode.FileStat | Thenable<vscode.FileStat> {
    return this.real.stat(uri);
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] | Thenable<[string, vscode.FileType][]> {
    return this.real.readDirectory(uri);
  }

  createDirectory(uri: vscode.Uri): void | Thenable<void> {
    return this.real.createDirectory(uri);
  }

  readFile(uri: vscode.Uri): Uint8Array | Thenable<Uint8Array> {
    return this.real.readFile(uri);
  }

  writeFile(
    uri: vscode.Uri,
    content: Uint8Array,
    options: { readonly create: boolean; readonly overwrite: boolean },
  ): void | Thenable<void> {
    return this.real.writeFile(uri, content, options);
  }

  delete(uri: vscode.Uri, options: { readonly recursive: boolean }): void | Thenable<void> {
    return this.real.delete(uri, options);
  }

  rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { readonly overwrite: boolean }): void | Thenable<void> {
    return this.real.rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.relay?.dispose();
    this.changed.dispose();
  }
}
