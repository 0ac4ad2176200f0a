// The `--demo` data: snippets a team would really keep, owned by alice, bob and admin, with
// categories, comments and stars, plus Pages and hook settings. Deterministic: guids derive
// from fixed names and timestamps from a fixed base, so screenshots and tests see the same data
// on every run.

import { createHash } from 'node:crypto';
import type { Category, Comment, Snippet } from '../../src/api/types';
import { userByName } from './directory';
import { HookKeys } from './hookCatalog';
import { emptyData, type StoredData } from './state';

/** Monday 3 March 2025, 09:00 UTC: every demo timestamp counts from here. */
export const DEMO_BASE_TIME = Date.UTC(2025, 2, 3, 9, 0, 0);
const HOUR = 60 * 60 * 1000;

type DemoUser = 'alice' | 'bob' | 'admin';

interface DemoSnippet {
  owner: DemoUser;
  name: string;
  description?: string;
  categories?: string[];
  /** Shown to other users when browsing; true when absent. */
  visible?: boolean;
  files: Record<string, string>;
  comments?: Array<[DemoUser, string]>;
  starredBy?: DemoUser[];
}

/** A stable UUID-shaped guid for a demo object, e.g. `demoGuid('snippet', 3)`. */
export function demoGuid(kind: string, id: string | number): string {
  const hex = createHash('sha1').update(`bitbucket-local-demo:${kind}:${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SNIPPETS: DemoSnippet[] = [
  {
    owner: 'alice',
    name: 'Retry fetch with exponential backoff',
    description: 'Wraps fetch so 429 and 5xx answers are retried, honouring Retry-After.',
    categories: ['frontend', 'snippets for onboarding'],
    files: {
      'retry.ts': `export async function fetchWithRetry(url: string, init: RequestInit = {}, attempts = 4): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt === attempts) return response;
    const retryAfter = Number(response.headers.get('Retry-After'));
    const delayMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 250;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
`,
      'retry.test.ts': `import assert from 'node:assert/strict';
import { fetchWithRetry } from './retry';

it('gives up after the last attempt', async () => {
  let calls = 0;
  globalThis.fetch = async () => { calls++; return new Response('', { status: 503 }); };
  const response = await fetchWithRetry('https://example.invalid', {}, 2);
  assert.equal(response.status, 503);
  assert.equal(calls, 2);
});
`,
    },
    comments: [
      ['bob', 'Nice. Could we add jitter so a fleet of clients does not retry in lockstep?'],
      ['alice', 'Good point, I will add +-20% jitter in the next version.'],
    ],
    starredBy: ['bob', 'admin'],
  },
  {
    owner: 'alice',
    name: 'Find slow queries in PostgreSQL',
    description: 'Top statements by total time from pg_stat_statements.',
    categories: ['sql', 'performance'],
    files: {
      'slow-queries.sql': `-- Needs: CREATE EXTENSION pg_stat_statements;
SELECT round(total_exec_time::numeric, 1)        AS total_ms,
       calls,
       round(mean_exec_time::numeric, 2)         AS mean_ms,
       round(100 * total_exec_time / sum(total_exec_time) OVER (), 1) AS pct,
       left(query, 120)                          AS query
FROM pg_stat_statements
ORDER BY total_exec_time DESC
LIMIT 20;
`,
    },
    comments: [['admin', 'Run SELECT pg_stat_statements_reset(); after a deploy to get a clean picture.']],
    starredBy: ['bob'],
  },
  {
    owner: 'alice',
    name: 'Debounce hook for React',
    categories: ['frontend'],
    files: {
      'useDebounce.ts': `import { useEffect, useState } from 'react';

export function useDebounce<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
`,
    },
  },
  {
    owner: 'alice',
    name: 'GitHub-style release notes from git log',
    description: 'Groups commits since the last tag by conventional-commit type.',
    categories: ['git', 'devops'],
    files: {
      'release-notes.sh': `#!/usr/bin/env bash
set -euo pipefail
since=$(git describe --tags --abbrev=0)
echo "## Changes since $since"
for type in feat fix perf docs; do
  lines=$(git log "$since"..HEAD --pretty='- %s (%h)' --grep="^$type" || true)
  [ -n "$lines" ] && printf '\\n### %s\\n%s\\n' "$type" "$lines"
done
`,
    },
    starredBy: ['admin'],
  },
  {
    owner: 'alice',
    name: 'pytest fixture for a temporary SQLite database',
    categories: ['testing', 'sql'],
    files: {
      'conftest.py': `import sqlite3
import pytest


@pytest.fixture
def db(tmp_path):
    connection = sqlite3.connect(tmp_path / "test.db")
    connection.executescript(open("schema.sql").read())
    yield connection
    connection.close()
`,
      'schema.sql': `CREATE TABLE customer (
    id    INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name  TEXT NOT NULL
);
CREATE TABLE invoice (
    id          INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer (id),
    total_cents INTEGER NOT NULL CHECK (total_cents >= 0)
);
`,
      'test_invoice.py': `def test_invoice_needs_customer(db):
    db.execute("PRAGMA foreign_keys = ON")
    try:
        db.execute("INSERT INTO invoice (customer_id, total_cents) VALUES (42, 100)")
    except Exception as error:
        assert "FOREIGN KEY" in str(error)
    else:
        raise AssertionError("insert should have failed")
`,
    },
    comments: [['bob', 'tmp_path makes this so much cleaner than the old setUp/tearDown dance.']],
    starredBy: ['bob'],
  },
  {
    owner: 'alice',
    name: 'Onboarding: local development checklist',
    description: 'What a new team member sets up on day one.',
    categories: ['snippets for onboarding'],
    files: {
      'CHECKLIST.md': `# Day one

1. Request access to Bitbucket, Jira and the VPN (ask your lead).
2. Clone the main repositories:
   \`git clone ssh://git@bitbucket.example.com:7999/proj/repo1.git\`
3. Install the tool versions from \`.tool-versions\` with \`asdf install\`.
4. Copy \`.env.example\` to \`.env\` and fill in the secrets from the vault.
5. Run \`make dev\` and open http://localhost:3000.
6. Pick a ticket labelled \`good-first-issue\`.
`,
      '.tool-versions': `nodejs 20.18.1
python 3.12.4
golang 1.22.5
`,
    },
    comments: [
      ['admin', 'Added VPN to step 1, people kept getting stuck there.'],
      ['bob', 'Step 5 needs Docker running, maybe say so?'],
    ],
    starredBy: ['bob'],
  },
  {
    owner: 'alice',
    name: 'TypeScript exhaustive switch helper',
    categories: ['frontend'],
    visible: false,
    files: {
      'assertNever.ts': `export function assertNever(value: never, message = 'Unexpected value'): never {
  throw new Error(\`\${message}: \${JSON.stringify(value)}\`);
}

type Shape = { kind: 'circle'; radius: number } | { kind: 'square'; side: number };

export function area(shape: Shape): number {
  switch (shape.kind) {
    case 'circle': return Math.PI * shape.radius ** 2;
    case 'square': return shape.side ** 2;
    default: return assertNever(shape);
  }
}
`,
    },
  },
  {
    owner: 'alice',
    name: 'Go HTTP server with graceful shutdown',
    categories: ['devops'],
    files: {
      'main.go': `package main

import (
	"context"
	"log"
	"net/http"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	server := &http.Server{Addr: ":8080", Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\\n"))
	})}
	go func() {
		if err := server.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			log.Fatal(err)
		}
	}()

	<-ctx.Done()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := server.Shutdown(shutdownCtx); err != nil {
		log.Printf("shutdown: %v", err)
	}
}
`,
    },
    starredBy: ['admin'],
  },
  {
    owner: 'alice',
    name: 'Jest mock for Date.now',
    categories: ['testing'],
    files: {
      'clock.test.ts': `beforeEach(() => {
  jest.useFakeTimers().setSystemTime(new Date('2025-03-03T09:00:00Z'));
});

afterEach(() => {
  jest.useRealTimers();
});

it('stamps invoices with the current day', () => {
  expect(new Date().toISOString().slice(0, 10)).toBe('2025-03-03');
});
`,
    },
  },
  {
    owner: 'alice',
    name: 'CSS: visually hidden but readable by screen readers',
    categories: ['frontend'],
    files: {
      'visually-hidden.css': `.visually-hidden {
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
`,
    },
  },
  {
    owner: 'alice',
    name: 'Rust: read a config file with serde',
    categories: ['snippets for onboarding'],
    files: {
      'config.rs': `use serde::Deserialize;
use std::{fs, path::Path};

#[derive(Debug, Deserialize)]
pub struct Config {
    pub listen: String,
    pub database_url: String,
    #[serde(default = "default_workers")]
    pub workers: usize,
}

fn default_workers() -> usize {
    4
}

pub fn load(path: &Path) -> Result<Config, Box<dyn std::error::Error>> {
    let text = fs::read_to_string(path)?;
    Ok(toml::from_str(&text)?)
}
`,
      'Cargo.toml': `[package]
name = "config-demo"
version = "0.1.0"
edition = "2021"

[dependencies]
serde = { version = "1", features = ["derive"] }
toml = "0.8"
`,
      'config.toml': `listen = "127.0.0.1:8080"
database_url = "postgres://app@localhost/app"
`,
    },
  },
  {
    owner: 'alice',
    name: 'SQL: upsert with ON CONFLICT',
    categories: ['sql'],
    files: {
      'upsert.sql': `INSERT INTO daily_visits (page, day, visits)
VALUES ($1, current_date, 1)
ON CONFLICT (page, day)
DO UPDATE SET visits = daily_visits.visits + 1
RETURNING visits;
`,
    },
    comments: [['bob', 'Remember the unique index on (page, day), otherwise ON CONFLICT has nothing to hit.']],
  },
  {
    owner: 'alice',
    name: 'Scratch: ideas for the team offsite',
    visible: false,
    files: {
      'notes.md': `- Demo the new deployment pipeline
- Retro on the March incident
- Decide on the frontend test runner
`,
    },
  },
  {
    owner: 'bob',
    name: 'Dockerfile for a small Node.js service',
    description: 'Multi-stage build, runs as non-root, about 60 MB.',
    categories: ['devops'],
    files: {
      Dockerfile: `FROM node:20-alpine AS build
WORKDIR /app
COPY package*.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-alpine
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "dist/server.js"]
`,
      '.dockerignore': `node_modules
dist
.git
*.log
`,
    },
    comments: [
      ['alice', 'Could you pin the node image by digest for reproducible builds?'],
      ['admin', 'Agreed, and Renovate can keep the digest fresh.'],
    ],
    starredBy: ['alice', 'admin'],
  },
  {
    owner: 'bob',
    name: 'Kubernetes deployment with probes',
    categories: ['devops'],
    files: {
      'deployment.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  replicas: 3
  selector:
    matchLabels: { app: orders }
  template:
    metadata:
      labels: { app: orders }
    spec:
      containers:
        - name: orders
          image: registry.example.com/orders:1.8.2
          ports: [{ containerPort: 3000 }]
          readinessProbe:
            httpGet: { path: /health/ready, port: 3000 }
            periodSeconds: 5
          livenessProbe:
            httpGet: { path: /health/live, port: 3000 }
            initialDelaySeconds: 20
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { memory: 256Mi }
`,
      'service.yaml': `apiVersion: v1
kind: Service
metadata:
  name: orders
spec:
  selector: { app: orders }
  ports:
    - port: 80
      targetPort: 3000
`,
      'kustomization.yaml': `resources:
  - deployment.yaml
  - service.yaml
images:
  - name: registry.example.com/orders
    newTag: 1.8.2
`,
    },
    starredBy: ['alice'],
  },
  {
    owner: 'bob',
    name: 'Bash: safe script header',
    description: 'Start every script with this.',
    categories: ['devops', 'snippets for onboarding'],
    files: {
      'header.sh': `#!/usr/bin/env bash
# Stop on errors, unset variables and failures inside pipes.
set -euo pipefail
IFS=$'\\n\\t'

# Clean up temporary files whatever happens.
workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT

log() { printf '%s %s\\n' "$(date -u +%FT%TZ)" "$*" >&2; }
`,
    },
    comments: [['alice', 'The trap on EXIT saved me from filling /tmp more than once.']],
    starredBy: ['alice'],
  },
  {
    owner: 'bob',
    name: 'Java: read a CSV with records',
    categories: ['snippets for onboarding'],
    files: {
      'Orders.java': `import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public final class Orders {
    public record Order(String id, String customer, long totalCents) {}

    public static List<Order> read(Path csv) throws IOException {
        try (var lines = Files.lines(csv)) {
            return lines.skip(1)
                .map(line -> line.split(","))
                .map(cols -> new Order(cols[0], cols[1], Long.parseLong(cols[2])))
                .toList();
        }
    }
}
`,
    },
  },
  {
    owner: 'bob',
    name: 'Bitbucket Pipelines: run tests on pull requests',
    categories: ['devops', 'testing'],
    files: {
      'bitbucket-pipelines.yml': `image: node:20

definitions:
  caches:
    npm: ~/.npm

pipelines:
  pull-requests:
    '**':
      - step:
          name: Lint and test
          caches: [npm]
          script:
            - npm ci
            - npm run lint
            - npm test -- --reporter junit --reporter-option output=test-results/junit.xml
`,
    },
  },
  {
    owner: 'bob',
    name: 'SQL: find duplicate customers by email',
    categories: ['sql'],
    visible: false,
    files: {
      'duplicates.sql': `SELECT lower(trim(email)) AS normalized_email,
       count(*)                AS copies,
       array_agg(id ORDER BY created_at) AS ids
FROM customer
GROUP BY lower(trim(email))
HAVING count(*) > 1
ORDER BY copies DESC;
`,
    },
  },
  {
    owner: 'bob',
    name: 'Python: structured logging setup',
    categories: ['devops'],
    visible: false,
    files: {
      'logging_setup.py': `import json
import logging
import sys


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry)


def setup(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonFormatter())
    logging.basicConfig(level=level, handlers=[handler], force=True)
`,
    },
  },
  {
    owner: 'bob',
    name: 'Go table-driven test',
    categories: ['testing'],
    visible: false,
    files: {
      'slug_test.go': `package slug

import "testing"

func TestSlugify(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Hello World", "hello-world"},
		{"  trim me  ", "trim-me"},
		{"Crème brûlée", "creme-brulee"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := Slugify(c.in); got != c.want {
				t.Errorf("Slugify(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
`,
    },
  },
  {
    owner: 'bob',
    name: 'Makefile for a Python project',
    visible: false,
    files: {
      Makefile: `.PHONY: install lint test

install:
	python -m venv .venv
	.venv/bin/pip install -e '.[dev]'

lint:
	.venv/bin/ruff check .
	.venv/bin/mypy src

test:
	.venv/bin/pytest -q
`,
    },
  },
  {
    owner: 'bob',
    name: 'JSON schema for the orders event',
    categories: ['testing'],
    visible: false,
    files: {
      'order-created.schema.json': `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "OrderCreated",
  "type": "object",
  "required": ["orderId", "customerId", "totalCents", "createdAt"],
  "properties": {
    "orderId": { "type": "string", "format": "uuid" },
    "customerId": { "type": "string" },
    "totalCents": { "type": "integer", "minimum": 0 },
    "createdAt": { "type": "string", "format": "date-time" }
  },
  "additionalProperties": false
}
`,
    },
  },
  {
    owner: 'bob',
    name: 'nginx reverse proxy with a context path',
    categories: ['devops'],
    files: {
      'bitbucket.conf': `server {
    listen 443 ssl;
    server_name bitbucket.example.com;

    ssl_certificate     /etc/ssl/certs/bitbucket.pem;
    ssl_certificate_key /etc/ssl/private/bitbucket.key;

    location /bitbucket {
        proxy_pass         http://127.0.0.1:7990/bitbucket;
        proxy_set_header   Host $host;
        proxy_set_header   X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header   X-Forwarded-Proto https;
        client_max_body_size 100m;
    }
}
`,
    },
    comments: [['admin', 'Do not forget server.proxy-name and server.context-path in bitbucket.properties.']],
  },
  {
    owner: 'admin',
    name: 'Bitbucket: back up the home directory',
    description: 'Nightly backup of the shared home, keeps 14 days.',
    categories: ['devops'],
    files: {
      'backup-home.sh': `#!/usr/bin/env bash
set -euo pipefail
home=/var/atlassian/application-data/bitbucket/shared
target=/backup/bitbucket
stamp=$(date +%F)

tar --exclude='./caches' --exclude='./tmp' -czf "$target/home-$stamp.tar.gz" -C "$home" .
find "$target" -name 'home-*.tar.gz' -mtime +14 -delete
`,
      'backup-home.timer': `[Unit]
Description=Nightly Bitbucket home backup

[Timer]
OnCalendar=*-*-* 02:30:00
Persistent=true

[Install]
WantedBy=timers.target
`,
      'backup-home.service': `[Unit]
Description=Bitbucket home backup

[Service]
Type=oneshot
ExecStart=/usr/local/bin/backup-home.sh
`,
    },
    comments: [['bob', 'Should we stop indexing during the tar, or is the snapshot consistent enough?']],
    starredBy: ['alice', 'bob'],
  },
  {
    owner: 'admin',
    name: 'Pre-receive hook: reject large files',
    description: 'Used by External Hooks on PROJ/repo1.',
    categories: ['git', 'devops'],
    files: {
      'reject-large-files.sh': `#!/usr/bin/env bash
# Reads "old new ref" lines on stdin, as a git pre-receive hook does.
set -euo pipefail
limit=$((5 * 1024 * 1024))
zero=0000000000000000000000000000000000000000

while read -r old new ref; do
  [ "$new" = "$zero" ] && continue
  range=$([ "$old" = "$zero" ] && echo "$new" || echo "$old..$new")
  git rev-list --objects "$range" | git cat-file --batch-check='%(objecttype) %(objectsize) %(rest)' |
    while read -r type size path; do
      if [ "$type" = blob ] && [ "$size" -gt "$limit" ]; then
        echo "Rejected: $path is $size bytes (limit $limit). Use Git LFS." >&2
        exit 1
      fi
    done
done
`,
    },
    starredBy: ['alice'],
  },
  {
    owner: 'admin',
    name: 'SQL: repositories by size',
    categories: ['sql'],
    files: {
      'repo-sizes.sql': `-- Bitbucket database, PostgreSQL
SELECT p.project_key, r.slug, r.name, rs.size_bytes / 1024 / 1024 AS size_mb
FROM repository r
JOIN project p ON p.id = r.project_id
LEFT JOIN repository_size rs ON rs.repository_id = r.id
ORDER BY rs.size_bytes DESC NULLS LAST
LIMIT 25;
`,
    },
  },
  {
    owner: 'admin',
    name: 'Rotate personal access tokens',
    categories: ['security'],
    files: {
      'rotate-token.py': `"""Create a new personal access token and revoke the old one."""
import os
import requests

BASE = os.environ["BITBUCKET_URL"].rstrip("/")
AUTH = {"Authorization": f"Bearer {os.environ['BITBUCKET_TOKEN']}"}


def rotate(user: str, old_token_id: str) -> str:
    created = requests.put(
        f"{BASE}/rest/access-tokens/latest/users/{user}",
        json={"name": "ci-token", "permissions": ["REPO_READ"], "expiryDays": 90},
        headers=AUTH,
        timeout=30,
    )
    created.raise_for_status()
    requests.delete(f"{BASE}/rest/access-tokens/latest/users/{user}/{old_token_id}", headers=AUTH, timeout=30).raise_for_status()
    return created.json()["token"]
`,
    },
    comments: [['alice', 'Can we store the new token straight into the vault from here?']],
  },
  {
    owner: 'admin',
    name: 'Git aliases everyone should have',
    categories: ['git', 'snippets for onboarding'],
    files: {
      '.gitconfig': `[alias]
	st = status -sb
	lg = log --graph --pretty=format:'%C(yellow)%h%Creset %s %C(dim)(%cr, %an)%Creset' --abbrev-commit
	amend = commit --amend --no-edit
	undo = reset --soft HEAD~1
	wip = !git add -A && git commit -m 'WIP' --no-verify
[pull]
	rebase = true
[push]
	autoSetupRemote = true
`,
    },
    starredBy: ['alice', 'bob'],
  },
  {
    owner: 'admin',
    name: 'Security headers for the reverse proxy',
    categories: ['security'],
    files: {
      'headers.conf': `add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header X-Frame-Options SAMEORIGIN always;
`,
    },
  },
  {
    owner: 'admin',
    name: 'YACC settings we use on PROJ',
    description: 'Yet Another Commit Checker configuration, as JSON for the REST API.',
    categories: ['git'],
    files: {
      'yacc-settings.json': `{
  "requireMatchingAuthorEmail": true,
  "requireJiraIssue": true,
  "commitMessageRegex": "^[A-Z][A-Z0-9]+-\\\\d+ .+",
  "excludeMergeCommits": true,
  "excludeBranchRegex": "^release/.*",
  "errorMessageHeader": "Your push was rejected by the commit checker."
}
`,
    },
  },
  {
    owner: 'admin',
    name: 'Rust: retry with backoff',
    categories: ['performance'],
    files: {
      'retry.rs': `use std::{thread, time::Duration};

pub fn retry<T, E>(attempts: u32, mut op: impl FnMut() -> Result<T, E>) -> Result<T, E> {
    let mut delay = Duration::from_millis(200);
    for attempt in 1.. {
        match op() {
            Ok(value) => return Ok(value),
            Err(error) if attempt >= attempts => return Err(error),
            Err(_) => {
                thread::sleep(delay);
                delay *= 2;
            }
        }
    }
    unreachable!()
}
`,
    },
  },
  {
    owner: 'admin',
    name: 'Incident runbook template',
    categories: ['devops'],
    visible: false,
    files: {
      'RUNBOOK.md': `# Incident: <title>

## Detect
- Alert: <link to alert>
- Dashboards: <links>

## Mitigate
1. Announce in #incidents who is incident lead.
2. Roll back the last deploy if it is younger than the incident.
3. Scale out if saturation is the cause.

## Follow up
- Timeline, root cause and actions in the post-incident review within 5 working days.
`,
    },
  },
  {
    owner: 'admin',
    name: 'Java: JUnit 5 parameterized test',
    categories: ['testing'],
    files: {
      'PriceTest.java': `import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PriceTest {
    @ParameterizedTest
    @CsvSource({"1000, 0, 1000", "1000, 10, 900", "999, 50, 500"})
    void appliesDiscountRoundingHalfUp(long cents, int percent, long expected) {
        assertEquals(expected, Price.discounted(cents, percent));
    }
}
`,
    },
  },
  {
    owner: 'alice',
    name: 'Python: paginate a Bitbucket REST list',
    description: 'Follows nextPageStart until isLastPage.',
    categories: ['snippets for onboarding'],
    files: {
      'paged.py': `import requests


def paged(session: requests.Session, url: str, limit: int = 100):
    start = 0
    while True:
        page = session.get(url, params={"start": start, "limit": limit}, timeout=30).json()
        yield from page["values"]
        if page.get("isLastPage", True) or "nextPageStart" not in page:
            return
        start = page["nextPageStart"]
`,
    },
    starredBy: ['bob'],
  },
  {
    owner: 'alice',
    name: 'TypeScript: typed event emitter',
    categories: ['frontend'],
    files: {
      'emitter.ts': `type Listener<T> = (payload: T) => void;

export class Emitter<Events extends Record<string, unknown>> {
  private listeners: { [K in keyof Events]?: Set<Listener<Events[K]>> } = {};

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    (this.listeners[event] ??= new Set()).add(listener);
    return () => this.listeners[event]?.delete(listener);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    this.listeners[event]?.forEach((listener) => listener(payload));
  }
}
`,
      'emitter.example.ts': `import { Emitter } from './emitter';

const bus = new Emitter<{ saved: { id: string }; failed: Error }>();
const off = bus.on('saved', ({ id }) => console.log('saved', id));
bus.emit('saved', { id: '42' });
off();
`,
    },
  },
  {
    owner: 'bob',
    name: 'Docker Compose: Postgres for local development',
    categories: ['devops', 'sql'],
    files: {
      'docker-compose.yml': `services:
  db:
    image: postgres:16
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: app
      POSTGRES_DB: app
    ports: ["5432:5432"]
    volumes:
      - pgdata:/var/lib/postgresql/data
      - ./init.sql:/docker-entrypoint-initdb.d/init.sql:ro
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U app"]
      interval: 5s
volumes:
  pgdata:
`,
      'init.sql': `CREATE EXTENSION IF NOT EXISTS pg_stat_statements;
CREATE SCHEMA IF NOT EXISTS app AUTHORIZATION app;
`,
      '.env.example': `DATABASE_URL=postgres://app:app@localhost:5432/app
`,
    },
    comments: [['alice', 'The healthcheck makes depends_on: condition: service_healthy work, nice.']],
  },
  {
    owner: 'admin',
    name: 'PowerShell: check service health on Windows agents',
    categories: ['devops'],
    files: {
      'Check-Agents.ps1': `$services = 'bamboo-agent', 'W32Time'
foreach ($name in $services) {
    $service = Get-Service -Name $name -ErrorAction SilentlyContinue
    if (-not $service -or $service.Status -ne 'Running') {
        Write-Warning "$name is not running; starting it"
        Start-Service -Name $name
    }
}
`,
    },
  },
  {
    owner: 'alice',
    name: 'Markdown: pull request description template',
    categories: ['git', 'snippets for onboarding'],
    files: {
      'PULL_REQUEST_TEMPLATE.md': `## What and why
<!-- One paragraph: the change and the reason for it. Link the Jira issue. -->

## How to test
1.
2.

## Checklist
- [ ] Tests cover the change
- [ ] Docs and changelog updated
- [ ] No secrets or personal data in the diff
`,
    },
    comments: [
      ['bob', 'Can we make the checklist shorter? Nobody reads five items.'],
      ['admin', 'Three items now.'],
      ['bob', 'Perfect, thanks!'],
    ],
    starredBy: ['admin'],
  },
  {
    owner: 'bob',
    name: 'k6 load test for the orders API',
    categories: ['performance', 'testing'],
    files: {
      'orders-load.js': `import http from 'k6/http';
import { check, sleep } from 'k6';

export const options = {
  stages: [
    { duration: '1m', target: 50 },
    { duration: '3m', target: 50 },
    { duration: '1m', target: 0 },
  ],
  thresholds: { http_req_duration: ['p(95)<400'], http_req_failed: ['rate<0.01'] },
};

export default function () {
  const response = http.get(\`\${__ENV.BASE_URL}/orders?limit=20\`);
  check(response, { 'status is 200': (r) => r.status === 200 });
  sleep(1);
}
`,
    },
  },
];

/** A fresh copy of the demo data. */
export function demoData(): StoredData {
  const data = emptyData();
  const categories = new Map<string, Category>();
  const categoryOf = (name: string): Category => {
    let category = categories.get(name);
    if (!category) {
      category = { guid: demoGuid('category', name), name };
      categories.set(name, category);
    }
    return { ...category };
  };
  const idOf = (name: DemoUser): number => userByName(name)!.id;

  SNIPPETS.forEach((demo, i) => {
    const createdAt = DEMO_BASE_TIME + i * 7 * HOUR;
    const comments: Comment[] = (demo.comments ?? []).map(([author, text], k) => {
      const at = createdAt + (k + 1) * 3 * HOUR;
      return { guid: demoGuid('comment', `${i}.${k}`), text, userId: idOf(author), createdAt: at, updatedAt: at };
    });
    const snippet: Snippet = {
      guid: demoGuid('snippet', i),
      name: demo.name,
      ...(demo.description !== undefined ? { description: demo.description } : {}),
      categories: (demo.categories ?? []).map(categoryOf),
      isVisible: demo.visible ?? true,
      isPublic: false,
      userId: idOf(demo.owner),
      createdAt,
      // Some snippets were edited a day or two after they were written.
      updatedAt: createdAt + (i % 3) * 24 * HOUR,
      files: Object.entries(demo.files).map(([name, content], f) => ({
        guid: demoGuid('file', `${i}.${f}`),
        name,
        content,
      })),
      comments,
    };
    data.snippets.push(snippet);
    (demo.starredBy ?? []).forEach((user, k) => {
      data.stars.push({
        userId: idOf(user),
        snippetGuid: snippet.guid,
        starredAt: snippet.createdAt + (k + 2) * 5 * HOUR,
      });
    });
  });
  data.categories = [...categories.values()];
  // The administrator's global secret-scanning rules, in Java's syntax as Bitbucket keeps them.
  data.secretScanningRules = [
    { id: 1, name: 'Acme deploy key', lineRegex: 'ACME-DEPLOY-[0-9A-F]{24}' },
    { id: 2, name: 'Service account password', lineRegex: '(?i)svc_password\\s*[=:]\\s*\\S{8,}' },
    { id: 3, name: 'Java keystore', pathRegex: '.*\\.(jks|keystore)$' },
  ];

  data.pages['1'] = { enabledRefs: ['refs/heads/main'], isEnabledForBranches: false, isEnabledForTags: true };
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
  data.hooks['2'] = [
    {
      key: HookKeys.yacc,
      enabled: true,
      settings: {
        requireMatchingAuthorEmail: true,
        requireJiraIssue: false,
        commitMessageRegex: '^[A-Z][A-Z0-9]+-\\d+ .+',
        excludeMergeCommits: true,
        errorMessageHeader: 'Your push was rejected by the commit checker.',
      },
    },
  ];
  return data;
}
