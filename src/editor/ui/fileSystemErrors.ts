// The only place the extension makes vscode.FileSystemError. VS Code shows an error's message in
// its own notification ("Failed to save …: <message>"), which draws `[label](command:…)` as a live
// link, so every message passes through messageText (src/util/outsideText.ts). Lint forbids
// making them anywhere else.
import vscode = require('vscode');
import { messageText } from '../../util/outsideText';

type Subject = string | vscode.Uri;
// VS Code makes a Uri's message with toString(true), which leaves `[`, `]`, `(` and `)` of a
// snippet's name as they are: it goes through messageText too.
const safe = (subject?: Subject): string | undefined =>
  subject === undefined ? undefined : messageText(typeof subject === 'string' ? subject : subject.toString(true));

export const fileSystemError = {
  /** An error with no kind: VS Code shows its message as the reason a save failed. */
  other: (message: string) => new vscode.FileSystemError(messageText(message)),
  fileNotFound: (subject?: Subject) => vscode.FileSystemError.FileNotFound(safe(subject)),
  fileExists: (subject?: Subject) => vscode.FileSystemError.FileExists(safe(subject)),
  fileNotADirectory: (subject?: Subject) => vscode.FileSystemError.FileNotADirectory(safe(subject)),
  fileIsADirectory: (subject?: Subject) => vscode.FileSystemError.FileIsADirectory(safe(subject)),
  noPermissions: (subject?: Subject) => vscode.FileSystemError.NoPermissions(safe(subject)),
  unavailable: (subject?: Subject) => vscode.FileSystemError.Unavailable(safe(subject)),
};
