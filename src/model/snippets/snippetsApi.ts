// The part of the API client the snippet core uses, and the one place its requests report to
// `Connectivity` whether the server answered: every method of the client the core is given goes
// through `watch`, so "offline" is what the last request found. No `vscode` here.
import type { BitbucketClient } from '../../api/client';
import type { Connectivity } from './connectivity';

/** The part of the API client the core uses; tests hand in the real client. */
export type SnippetsApi = Pick<
  BitbucketClient,
  | 'baseUrl'
  | 'getMySnippets'
  | 'getStarredSnippets'
  | 'browseSnippets'
  | 'browseUserSnippets'
  | 'getCategorySnippets'
  | 'getSnippet'
  | 'createSnippet'
  | 'updateSnippet'
  | 'deleteSnippet'
  | 'createComment'
  | 'updateComment'
  | 'deleteComment'
>;

/** The client whose every request (started at the call, as the client's own) reports how it ended; answers and errors pass unchanged. */
export function watchedApi(api: SnippetsApi, connectivity: Connectivity): SnippetsApi {
  return {
    get baseUrl() {
      return api.baseUrl;
    },
    getMySnippets: (...args) => connectivity.watch(() => api.getMySnippets(...args)),
    getStarredSnippets: (...args) => connectivity.watch(() => api.getStarredSnippets(...args)),
    browseSnippets: (...args) => connectivity.watch(() => api.browseSnippets(...args)),
    browseUserSnippets: (...args) => connectivity.watch(() => api.browseUserSnippets(...args)),
    getCategorySnippets: (...args) => connectivity.watch(() => api.getCategorySnippets(...args)),
    getSnippet: (...args) => connectivity.watch(() => api.getSnippet(...args)),
    createSnippet: (...args) => connectivity.watch(() => api.createSnippet(...args)),
    updateSnippet: (...args) => connectivity.watch(() => api.updateSnippet(...args)),
    deleteSnippet: (...args) => connectivity.watch(() => api.deleteSnippet(...args)),
    createComment: (...args) => connectivity.watch(() => api.createComment(...args)),
    updateComment: (...args) => connectivity.watch(() => api.updateComment(...args)),
    deleteComment: (...args) => connectivity.watch(() => api.deleteComment(...args)),
  };
}
