// Text that looks like a secret and is none: placeholders, references a tool fills in later,
// documentation's example keys, hashes in lock files, UUIDs, commit ids, public keys,
// certificates, images in base64, expressions that read a secret from somewhere else. None may be
// flagged. LOOK_ALIKES is the tuned corpus's; HELD_OUT_LOOK_ALIKES the held-out corpus's.
import type { SampleFile } from './kinds';
import { pemBlock } from './kinds';
import { B64, HEX, Random, base64 } from './random';

type LookAlike = (r: Random) => SampleFile;
const hex = (r: Random, n: number) => r.chars(HEX, n, false);
const AWS_DOC_ID = ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join('');
const AWS_DOC_SECRET = ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY'].join('/');

export const LOOK_ALIKES: readonly LookAlike[] = [
  (r) => ({
    label: 'package-lock.json',
    text: `{\n  "node_modules/left-pad": {\n    "version": "1.3.0",\n    "resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",\n    "integrity": "sha512-${r.chars(B64, 86)}=="\n  }\n}\n`,
  }),
  (r) => ({
    label: 'go.sum',
    text: `github.com/pkg/errors v0.9.1 h1:${r.chars(B64, 43)}=\ngithub.com/pkg/errors v0.9.1/go.mod h1:${r.chars(B64, 43)}=\n`,
  }),
  (r) => ({
    label: 'Cargo.lock',
    text: `[[package]]\nname = "serde"\nversion = "1.0.197"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${hex(r, 64)}"\n`,
  }),
  (r) => ({
    label: 'requirements.txt',
    text: `requests==2.31.0 \\\n    --hash=sha256:${hex(r, 64)} \\\n    --hash=sha256:${hex(r, 64)}\n`,
  }),
  (r) => ({
    label: 'git.log',
    text: `commit ${hex(r, 40)}\nAuthor: Alice <alice@example.com>\n\n    Rotate the deploy token\n\ncommit ${hex(r, 40)}\n`,
  }),
  (r) => ({
    label: 'items.json',
    text: `[{ "id": "${r.uuid()}", "requestId": "${r.uuid()}", "tenant": "${r.uuid()}" }]\n`,
  }),
  (r) => ({
    label: 'index.html',
    text: `<img alt="logo" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${r.chars(B64, 400)}=">\n<script src="app.js" integrity="sha384-${r.chars(B64, 64)}"></script>\n`,
  }),
  () => ({
    label: 'credentials',
    text: `[default]\naws_access_key_id = ${AWS_DOC_ID}\naws_secret_access_key = ${AWS_DOC_SECRET}\n`,
  }),
  () => ({
    label: '.env.example',
    text: 'API_KEY=<your-api-key>\nDB_PASSWORD=changeme\nSECRET_KEY=xxxxxxxxxxxxxxxx\nGITHUB_TOKEN=\n',
  }),
  () => ({
    label: 'values.yaml',
    text: 'db:\n  host: db.internal\n  password: "{{ .Values.db.password }}"\n  token: {{ required "token" .Values.token }}\n',
  }),
  () => ({
    label: '.github/workflows/ci.yml',
    text: 'env:\n  GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n',
  }),
  () => ({
    label: 'Makefile',
    text: 'deploy:\n\tcurl -u admin:$(ADMIN_PASSWORD) https://example.com\n\tdocker login -p "$$REGISTRY_PASSWORD" registry.example.com\n',
  }),
  () => ({
    label: 'application.properties',
    text: 'spring.datasource.password=${DB_PASSWORD}\nspring.datasource.username=${DB_USER:app}\n',
  }),
  () => ({
    label: 'db.py',
    text: 'password = os.environ["DB_PASSWORD"]\ntoken = get_token()\napi_key = settings.API_KEY\nsecret = request.args.get("secret")\n',
  }),
  () => ({
    label: 'server.js',
    text: 'const token = req.headers.authorization;\nconst cfg = { password: process.env.DB_PASSWORD, apiKey: config.apiKey };\n',
  }),
  () => ({
    label: 'Db.java',
    text: 'String password = System.getenv("DB_PASSWORD");\nchar[] secret = console.readPassword();\n',
  }),
  () => ({
    label: 'oauth.yaml',
    text: 'token_type: Bearer\ntokenUrl: https://login.example.com/oauth2/token\npassword_min_length: 12\nsecretName: db-credentials\n',
  }),
  (r) => ({ label: 'checkout.js', text: `const stripe = Stripe('pk_live_${r.chars(B64.slice(0, 62), 24)}');\n` }),
  (r) => ({
    label: 'sentry.ts',
    text: `Sentry.init({ dsn: 'https://${hex(r, 32)}@o${r.int(1e5, 9e5)}.ingest.sentry.io/${r.int(1e5, 9e5)}' });\n`,
  }),
  (r) => ({ label: 'Dockerfile', text: `FROM node:20@sha256:${hex(r, 64)}\nRUN npm ci\n` }),
  () => ({
    label: 'POLICY.md',
    text: 'Rotate the token every 90 days; the password policy requires 12 characters and a secret manager.\n',
  }),
  () => ({ label: 'login.yaml', text: 'password: ********\nPassword: <hidden>\ntoken: null\n' }),
  (r) => ({
    label: 'azure.tf',
    text: `subscription_id = "${r.uuid()}"\nclient_id = "${r.uuid()}"\ntenant_id = "${r.uuid()}"\n`,
  }),
  () => ({
    label: 'deployment.yaml',
    text: 'env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n',
  }),
  (r) => ({ label: 'ca.pem', text: `${pemBlock('CERTIFICATE', r)}\n` }),
  (r) => ({ label: 'key.pub', text: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${r.chars(B64, 360)} ci@build\n` }),
  (r) => ({
    label: 'tsconfig.tsbuildinfo',
    text: `{"version":"5.4.5","signature":"${hex(r, 64)}","affectsGlobalScope":true}\n`,
  }),
  (r) => ({
    label: 'yarn.lock',
    text: `left-pad@^1.3.0:\n  version "1.3.0"\n  resolved "https://registry.yarnpkg.com/left-pad/-/left-pad-1.3.0.tgz#${hex(r, 40)}"\n  integrity sha1-${r.chars(B64, 27)}=\n`,
  }),
  (r) => ({
    label: 'schema.json',
    text: `{ "properties": { "password": { "type": "string" }, "token": { "type": "string", "minLength": 20 } }, "$id": "${r.uuid()}" }\n`,
  }),
  (r) => ({
    label: 'font.css',
    text: `@font-face { src: url(data:font/woff2;base64,d09GMgABAAAA${r.chars(B64, 300)}) }\n`,
  }),
  () => ({
    label: 'test_auth.py',
    text: 'def test_login(client):\n    resp = client.post("/login", data={"username": "alice", "password": "password"})\n',
  }),
  (r) => ({
    label: 'notes.txt',
    text: `Build ${hex(r, 12)} passed. The secret rotation job ran at 03:00. Token refresh works.\n`,
  }),
  (r) => ({
    label: 'k8s-configmap.yaml',
    text: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  cache: ${base64('redis')}\n  build: ${hex(r, 40)}\n`,
  }),
  () => ({
    label: 'gradle.properties',
    text: 'signing.keyId=24875D73\nsigning.password=\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\n',
  }),
];

export const HELD_OUT_LOOK_ALIKES: readonly LookAlike[] = [
  (r) => ({
    label: 'pnpm-lock.yaml',
    text: `packages:\n  /lodash@4.17.21:\n    resolution: {integrity: sha512-${r.chars(B64, 86)}==}\n`,
  }),
  (r) => ({
    label: 'poetry.lock',
    text: `[[package]]\nname = "idna"\nfiles = [\n    {file = "idna-3.6.tar.gz", hash = "sha256:${hex(r, 64)}"},\n]\n`,
  }),
  (r) => ({ label: 'CHANGELOG.md', text: `- Fix token refresh (${hex(r, 7)})\n- Merge ${hex(r, 40)} into main\n` }),
  () => ({ label: 'config.toml', text: 'password = "${DB_PASSWORD}"\napi_key = "{{ env \\"API_KEY\\" }}"\n' }),
  () => ({
    label: 'main.tf',
    text: 'resource "x" "y" {\n  password = var.db_password\n  token    = data.vault_generic_secret.api.data["token"]\n}\n',
  }),
  () => ({
    label: 'docker-compose.yml',
    text: 'services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD=${POSTGRES_PASSWORD:?set it}\n      - API_TOKEN\n',
  }),
  () => ({
    label: 'config.go',
    text: 'var apiKey = os.Getenv("API_KEY")\nvar password = flag.String("password", "", "the password")\n',
  }),
  (r) => ({
    label: 'trace.log',
    text: `2024-05-01T10:00:00Z request ${r.uuid()} span=${hex(r, 16)} trace=${hex(r, 32)} ok\n`,
  }),
  () => ({ label: 'README.md', text: 'Set `OPENAI_API_KEY=sk-...` and `GITHUB_TOKEN=ghp_...` in your shell.\n' }),
  (r) => ({ label: 'cert.crt', text: `${pemBlock('CERTIFICATE', r)}\n${pemBlock('CERTIFICATE', r)}\n` }),
  (r) => ({
    label: 'Web.config',
    text: `<machineKey validationKey="AutoGenerate" />\n<add key="BuildId" value="${hex(r, 40)}" />\n`,
  }),
  (r) => ({
    label: 'image.svg',
    text: `<image href="data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ${r.chars(B64, 500)}"/>\n`,
  }),
  () => ({
    label: 'config.js',
    text: 'module.exports = { password: process.env.PASSWORD, token: undefined, secret: "" };\n',
  }),
  () => ({ label: 'settings.ini', text: '[auth]\npassword = <set me>\ntoken = TODO\n' }),
];
