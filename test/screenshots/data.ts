// The data set the README's and the walkthrough's pictures show (`npm run screenshots`): a small
// team's snippets, comments, stars, Pages switches and hook settings, as a reader would expect to
// see them. Its own, not the demo's: changing the demo never changes a picture by surprise.
// Deterministic: fixed guids and times, so two runs take the same pictures.
import type { Category, Comment, Snippet } from '../../src/api/types';
import { demoGuid } from '../server/demoData';
import { userByName } from '../server/directory';
import { HookKeys } from '../server/hookCatalog';
import { emptyData, type StoredData } from '../server/state';

type Person = 'alice' | 'bob' | 'admin';

interface PictureSnippet {
  owner: Person;
  name: string;
  description?: string;
  categories: string[];
  files: Record<string, string>;
  comments?: Array<[Person, string]>;
  starredBy?: Person[];
}

/** The snippet whose file and comment thread the pictures open. */
export const OPENED_SNIPPET = 'Retry fetch with exponential backoff';
export const OPENED_FILE = 'retry.ts';

/**
 * The patch snippet Preview Patch shows: bob's, not starred, so that My Snippets and Starred (the
 * explorer picture) stay as they are; Browse loads it. Made with git against the clone's files
 * exactly as makeClone (run.ts) writes them, so `git apply --check` takes it.
 */
export const PATCH_SNIPPET = 'Smoke test after deploy';
export const PATCH_FILE = `${PATCH_SNIPPET}.patch`;

const SNIPPETS: PictureSnippet[] = [
  {
    owner: 'alice',
    name: OPENED_SNIPPET,
    description: 'Retries 429 and 5xx answers, honouring Retry-After.',
    categories: ['frontend', 'http'],
    files: {
      [OPENED_FILE]: `export async function fetchWithRetry(url: string, init: RequestInit = {}, attempts = 4): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt === attempts) return response;
    const retryAfter = Number(response.headers.get('Retry-After'));
    const delayMs = retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 250;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
`,
      'retry.test.ts': `import assert from 'node:assert/strict';
import { fetchWithRetry } from './retry';

it('gives up after the last attempt', async () => {
  globalThis.fetch = async () => new Response('', { status: 503 });
  assert.equal((await fetchWithRetry('https://example.invalid', {}, 2)).status, 503);
});
`,
    },
    comments: [
      ['bob', 'Could we add jitter, so a fleet of clients does not retry in lockstep?'],
      ['alice', 'Good point: plus or minus 20% in the next version.'],
    ],
    starredBy: ['bob'],
  },
  {
    owner: 'alice',
    name: 'Find slow queries in PostgreSQL',
    description: 'Top statements by total time, from pg_stat_statements.',
    categories: ['sql', 'performance'],
    files: {
      'slow-queries.sql': `SELECT round(total_exec_time::numeric, 1) AS total_ms, calls, query
FROM pg_stat_statements
ORDER BY total_exec_time DESC
LIMIT 20;
`,
    },
  },
  {
    owner: 'alice',
    name: 'Prune merged git branches',
    categories: ['git'],
    files: {
      'prune-branches.sh': `#!/usr/bin/env bash
git fetch --prune
git branch --merged main | grep -v -E '^\\*|main$' | xargs -r git branch -d
`,
    },
  },
  {
    owner: 'alice',
    name: 'Restart a Kubernetes deployment safely',
    description: 'Rolling restart, then wait until every pod is ready.',
    categories: ['devops'],
    files: {
      'restart.sh': `kubectl rollout restart deployment/"$1" -n "\${2:-default}"
kubectl rollout status deployment/"$1" -n "\${2:-default}" --timeout=5m
`,
    },
  },
  {
    owner: 'alice',
    name: 'Multi-stage Docker build for Node',
    categories: ['devops'],
    files: {
      Dockerfile: `FROM node:20-slim AS build
WORKDIR /app
COPY package*.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-slim
WORKDIR /app
COPY --from=build /app/dist ./dist
CMD ["node", "dist/server.js"]
`,
      '.dockerignore': 'node_modules\n.git\n',
    },
  },
  {
    owner: 'bob',
    name: 'Terraform S3 backend with locking',
    description: 'State in S3, locks in DynamoDB.',
    categories: ['devops'],
    files: {
      'backend.tf': `terraform {
  backend "s3" {
    bucket         = "acme-terraform-state"
    key            = "shop/prod.tfstate"
    region         = "eu-central-1"
    dynamodb_table = "terraform-locks"
    encrypt        = true
  }
}
`,
    },
    starredBy: ['alice'],
  },
  {
    owner: 'bob',
    name: 'Nightly database backup',
    categories: ['sql', 'devops'],
    files: {
      'backup.sh': `#!/bin/sh
pg_dump shop > /backup/shop.sql
gzip -f /backup/shop.sql
`,
    },
    starredBy: ['alice'],
  },
  {
    owner: 'bob',
    name: PATCH_SNIPPET,
    description: 'The deploy script checks that the shop answers before it says published.',
    categories: ['devops'],
    files: {
      [PATCH_FILE]: `diff --git a/scripts/deploy.sh b/scripts/deploy.sh
index 639f48b..d97e2ae 100644
--- a/scripts/deploy.sh
+++ b/scripts/deploy.sh
@@ -5,4 +5,5 @@ set -euo pipefail
 npm ci
 npm run build
 rsync -a --delete dist/ "$PAGES_HOST:/srv/pages/shop/"
-echo "published $(git rev-parse --short HEAD)"
+bash scripts/smoke-test.sh "$PAGES_HOST"
+echo "published and tested $(git rev-parse HEAD)"
diff --git a/scripts/smoke-test.sh b/scripts/smoke-test.sh
new file mode 100644
index 0000000..d48ad90
--- /dev/null
+++ b/scripts/smoke-test.sh
@@ -0,0 +1,13 @@
+#!/usr/bin/env bash
+# Fails when the shop does not answer.
+set -euo pipefail
+
+url="https://$1/shop/"
+for attempt in 1 2 3; do
+  if curl -fsS "$url" >/dev/null; then
+    exit 0
+  fi
+  sleep $((attempt * 5))
+done
+echo "no answer from $url" >&2
+exit 1
`,
    },
  },
];

/** Monday 3 November 2025, 09:00 UTC. */
const BASE_TIME = Date.UTC(2025, 10, 3, 9, 0, 0);
const HOUR = 60 * 60 * 1000;

/** A fresh copy of the pictures' data, for the local server's data file. */
export function screenshotData(): StoredData {
  const data = emptyData();
  const categories = new Map<string, Category>();
  const categoryOf = (name: string): Category => {
    const category = categories.get(name) ?? { guid: demoGuid('picture-category', name), name };
    categories.set(name, category);
    return { ...category };
  };
  const idOf = (person: Person): number => userByName(person)!.id;
  SNIPPETS.forEach((picture, i) => {
    const createdAt = BASE_TIME + i * 5 * HOUR;
    const comments: Comment[] = (picture.comments ?? []).map(([author, text], k) => {
      const at = createdAt + (k + 1) * 2 * HOUR;
      return {
        guid: demoGuid('picture-comment', `${i}.${k}`),
        text,
        userId: idOf(author),
        createdAt: at,
        updatedAt: at,
      };
    });
    const snippet: Snippet = {
      guid: demoGuid('picture-snippet', i),
      name: picture.name,
      ...(picture.description !== undefined ? { description: picture.description } : {}),
      categories: picture.categories.map(categoryOf),
      isVisible: true,
      isPublic: false,
      userId: idOf(picture.owner),
      createdAt,
      updatedAt: createdAt + HOUR,
      files: Object.entries(picture.files).map(([name, content], f) => ({
        guid: demoGuid('picture-file', `${i}.${f}`),
        name,
        content,
      })),
      comments,
    };
    data.snippets.push(snippet);
    (picture.starredBy ?? []).forEach((person, k) =>
      data.stars.push({ userId: idOf(person), snippetGuid: snippet.guid, starredAt: createdAt + (k + 3) * HOUR }),
    );
  });
  data.categories = [...categories.values()];
  data.pages['1'] = {
    enabledRefs: ['refs/heads/main', 'refs/tags/v2.4.0'],
    isEnabledForBranches: false,
    isEnabledForTags: true,
  };
  data.hooks['1'] = [
    {
      key: HookKeys.externalPreReceive,
      enabled: true,
      settings: {
        exe: '/opt/bitbucket-hooks/reject-large-files.sh',
        params: '--limit=5M',
        safe_path: true,
        async: false,
      },
    },
    { key: HookKeys.requiredApprovers, enabled: false, settings: { requiredCount: '2' } },
  ];
  return data;
}
