// A snippet for tests that need one: the spec's fields with plain defaults, overridden where a
// test cares.
import type { Snippet } from '../../src/api/types';

export function aSnippet(extra: Partial<Snippet> = {}): Snippet {
  return {
    guid: 'g1',
    name: 'snippet',
    categories: [],
    isVisible: true,
    isPublic: false,
    userId: 2,
    createdAt: 1,
    updatedAt: 1,
    files: [],
    comments: [],
    ...extra,
  };
}
