// The files the corpus puts a named credential in. The tuned corpus uses TUNED_TEMPLATES; the
// held-out corpus (never tuned against) uses HELD_OUT_TEMPLATES, other file types and forms.
import type { SampleFile } from './kinds';

/** A credential's name as each file type writes it. */
export interface Names {
  upper: string;
  dotted: string;
  camel: string;
  snake: string;
}

export function namesOf(name: string): Names {
  const lower = name.toLowerCase();
  return {
    upper: name,
    dotted: lower.replace(/_/g, '.'),
    camel: lower.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    snake: lower,
  };
}

export type Template = (n: Names, value: string) => SampleFile;

export const TUNED_TEMPLATES: readonly Template[] = [
  (n, v) => ({
    label: '.env',
    text: `# service settings\nAPP_ENV=production\nLOG_LEVEL=info\n${n.upper}=${v}\nPORT=8080\n`,
  }),
  (n, v) => ({
    label: 'deploy.sh',
    text: `#!/usr/bin/env bash\nset -euo pipefail\nexport ${n.upper}="${v}"\n./deploy.sh --region eu-west-1\n`,
  }),
  (n, v) => ({
    label: '.github/workflows/release.yml',
    text: `name: release\non: [push]\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    env:\n      ${n.upper}: ${v}\n    steps:\n      - uses: actions/checkout@v4\n      - run: make release\n`,
  }),
  (n, v) => ({
    label: 'application.properties',
    text: `server.port=8080\n${n.dotted}=${v}\nlogging.level.root=INFO\n`,
  }),
  (n, v) => ({
    label: 'settings.json',
    text: `{\n  "name": "api",\n  "${n.camel}": "${v}",\n  "timeoutMs": 3000\n}\n`,
  }),
  (n, v) => ({ label: 'settings.py', text: `import os\n\nDEBUG = False\n${n.upper} = "${v}"\nTIMEOUT = 30\n` }),
  (n, v) => ({
    label: 'deployment.yaml',
    text: `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n          image: registry.example.com/api:1.4.2\n          env:\n            - name: ${n.upper}\n              value: "${v}"\n`,
  }),
];

export const HELD_OUT_TEMPLATES: readonly Template[] = [
  (n, v) => ({ label: 'config.toml', text: `[service]\nname = "billing"\n${n.snake} = "${v}"\nretries = 3\n` }),
  (n, v) => ({
    label: 'config.go',
    text: `package config\n\n// Defaults for local runs.\nconst ${n.camel} = "${v}"\n`,
  }),
  (n, v) => ({ label: 'main.tf', text: `provider "acme" {\n  region = "eu-west-1"\n  ${n.snake} = "${v}"\n}\n` }),
  (n, v) => ({
    label: 'docker-compose.yml',
    text: `services:\n  web:\n    image: app:latest\n    environment:\n      - ${n.upper}=${v}\n      - TZ=UTC\n`,
  }),
  (n, v) => ({
    label: '.gitlab-ci.yml',
    text: `variables:\n  ${n.upper}: "${v}"\ndeploy:\n  stage: deploy\n  script:\n    - ./deploy\n`,
  }),
  (n, v) => ({ label: 'config.js', text: `module.exports = {\n  port: 3000,\n  ${n.camel}: '${v}',\n};\n` }),
  (n, v) => ({
    label: 'Config.java',
    text: `public final class Config {\n    private static final String ${n.upper} = "${v}";\n}\n`,
  }),
  (n, v) => ({ label: 'credentials', text: `[default]\nregion = eu-west-1\n${n.snake} = ${v}\n` }),
  (_n, v) => ({
    label: 'NOTES.md',
    text: `Call it like this:\n\n    curl -H "X-Api-Key: ${v}" https://api.example.com/v1/ping\n`,
  }),
  (n, v) => ({ label: 'Web.config', text: `<appSettings>\n  <add key="${n.camel}" value="${v}" />\n</appSettings>\n` }),
];
