// The offline cache's part of the snippets bundle: its status bar item, Clear Offline Cache, the
// deletion of an account's cache at its Sign Out, and the whole cache deleted when the setting
// turns it off.
import vscode = require('vscode');
import { registerOfflineStatus } from '../../editor/snippets/cache/offlineStatus';
import type { SnippetsContext } from '../../editor/snippets/context';
import { showInfo } from '../../editor/ui/notify';
import { SETTINGS_SECTION, Settings } from '../../util/constants';
import { errorMessage } from '../../util/errorMessage';
import type { Caches } from './context';

export interface OfflineCache {
  disposable: vscode.Disposable;
  /** Clear Offline Cache: every account's, on disk too. */
  clear(): Promise<void>;
  /** Deletes the offline cache of an account that signed out. */
  forgetAccount(accountId: string): Promise<void>;
}

export function registerOfflineCache({ session, services }: SnippetsContext, caches: Caches): OfflineCache {
  const followSize = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`${SETTINGS_SECTION}.${Settings.cacheMaxSizeMB}`) || caches.maxBytes() > 0) return;
    // Off means nothing stays on disk, for any account.
    void caches
      .clearEvery()
      .catch((err: unknown) => caches.log.warn(`the offline cache could not be deleted: ${errorMessage(err)}`));
  });
  return {
    disposable: vscode.Disposable.from(
      followSize,
      registerOfflineStatus(
        session,
        () => services.madeDefaultService,
        (listener) => services.onDidMake(listener),
      ),
    ),
    clear: async () => {
      await caches.clearEvery();
      caches.log.info('the offline cache was cleared');
      void showInfo(
        vscode.l10n.t(
          'The offline cache was cleared. Lists and files will be fetched from the server again when needed.',
        ),
      );
    },
    forgetAccount: async (id) => {
      await caches.cacheFor(id).clear();
      caches.log.info('the offline cache of an account that signed out was deleted');
    },
  };
}
