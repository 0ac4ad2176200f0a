// The kinds that live in files of their own, with those files and their look-alikes: a private
// key, a password in a URL, a JDBC URL, a connection string, a .netrc, a Docker config.json, a
// Kubernetes Secret, a kubeconfig, an HTTP header, an .npmrc.
import { PRIVATE_KEY_RULE, RULE, URL_PASSWORD_RULE } from '../../../../src/model/secretScan/ruleIds';
import type { Kind } from './kinds';
import { pemBlock, urlSafePassword } from './kinds';
import { B62, B64, LOWER_ALNUM, Random, base64 } from './random';

const user = (r: Random) => r.pick(['app', 'deploy', 'svc_orders', 'admin', 'ci-bot', 'reporting']);
const host = (r: Random) =>
  r.pick(['db.internal', 'pg-prod.example.net', '10.0.3.17', 'mysql.corp.example.com', 'registry.example.com']);
const token = (r: Random) => r.chars(B62, 40);

export const FILE_KINDS: readonly Kind[] = [
  {
    ruleId: PRIVATE_KEY_RULE,
    confidence: 'known',
    name: 'PRIVATE_KEY',
    make: (r) =>
      pemBlock(
        r.pick(['RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY']),
        r,
      ),
    files: [
      (v) => ({ label: 'id_rsa', text: `${v}\n` }),
      (v) => {
        const indented = v.split('\n').join('\n    ');
        return {
          label: 'deploy.yml',
          text: `deploy:\n  ssh_key: |\n    ${indented}\n  host: example.com\n`,
          value: indented,
        };
      },
      (v) => ({
        label: 'service-account.json',
        text: `{\n  "type": "service_account",\n  "private_key": ${JSON.stringify(`${v}\n`)},\n  "client_email": "svc@proj.iam.gserviceaccount.com"\n}\n`,
        value: JSON.stringify(v).slice(1, -1),
      }),
    ],
    lookAlikes: [
      (r) => ({ label: 'cert.pem', text: `${pemBlock('CERTIFICATE', r)}\n` }),
      (r) => ({ label: 'pub.pem', text: `${pemBlock('PUBLIC KEY', r)}\n` }),
      (r) => ({
        label: 'id_ed25519.pub',
        text: `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${r.chars(B64, 43)} user@laptop\n`,
      }),
      () => ({
        label: 'README.md',
        text: 'Paste your key:\n\n```\n-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n```\n',
      }),
      (r) => ({
        label: 'authorized_keys',
        text: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${r.chars(B64, 300)} deploy@ci\n`,
      }),
    ],
  },
  {
    ruleId: URL_PASSWORD_RULE,
    confidence: 'known',
    name: 'DATABASE_URL',
    make: urlSafePassword,
    files: [
      (v, r) => ({
        label: '.env',
        text: `APP_ENV=production\nDATABASE_URL=postgres://${user(r)}:${v}@${host(r)}:5432/app\nPORT=8080\n`,
      }),
      (v, r) => ({
        label: 'settings.py',
        text: `CELERY_BROKER_URL = "amqp://${user(r)}:${v}@rabbit.internal:5672//"\nDEBUG = False\n`,
      }),
      (v, r) => ({
        label: 'docker-compose.yml',
        text: `services:\n  api:\n    environment:\n      - MONGO_URL=mongodb+srv://${user(r)}:${v}@cluster0.example.net/app\n`,
      }),
      (v) => ({
        label: 'deploy.sh',
        text: `#!/bin/sh\nexport REDIS_URL="redis://:${v}@cache.internal:6379/0"\n./run\n`,
      }),
    ],
    lookAlikes: [
      () => ({ label: '.env', text: 'DATABASE_URL=postgres://app:${DB_PASSWORD}@db.internal:5432/app\n' }),
      () => ({ label: 'README.md', text: 'Connect with `psql postgres://user:password@localhost/db`.\n' }),
      () => ({
        label: 'ci.yml',
        text: 'script:\n  - git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.example.com/g/p.git\n',
      }),
      (r) => ({
        label: 'links.md',
        text: `See https://${host(r)}:8443/app?next=/home and ssh://git@bitbucket.example.com:7999/p/r.git\n`,
      }),
    ],
  },
  {
    ruleId: RULE.jdbcPassword,
    confidence: 'known',
    name: 'JDBC_URL',
    make: urlSafePassword,
    files: [
      (v, r) => ({
        label: 'application.properties',
        text: `spring.datasource.url=jdbc:postgresql://${host(r)}:5432/app?user=${user(r)}&password=${v}&ssl=true\nspring.jpa.show-sql=false\n`,
      }),
      (v, r) => ({
        label: 'Db.java',
        text: `class Db {\n  static final String URL = "jdbc:sqlserver://${host(r)}:1433;databaseName=orders;user=${user(r)};password=${v};encrypt=true";\n}\n`,
      }),
      (v, r) => ({
        label: 'hibernate.cfg.xml',
        text: `<property name="connection.url">jdbc:mysql://${host(r)}:3306/shop?useSSL=true&amp;password=${v}</property>\n`,
      }),
      (v) => ({ label: 'oracle.properties', text: `db.url=jdbc:oracle:thin:scott/${v}@dbhost:1521/ORCL\n` }),
    ],
    lookAlikes: [
      (r) => ({
        label: 'application.properties',
        text: `spring.datasource.url=jdbc:postgresql://${host(r)}:5432/app?user=app&password=\${DB_PASSWORD}\n`,
      }),
      (r) => ({
        label: 'application.yml',
        text: `spring:\n  datasource:\n    url: jdbc:mysql://${host(r)}:3306/shop?useSSL=true\n`,
      }),
    ],
  },
  {
    ruleId: RULE.connectionStringPassword,
    confidence: 'known',
    name: 'CONNECTION_STRING',
    make: urlSafePassword,
    files: [
      (v, r) => ({
        label: 'appsettings.json',
        text: `{\n  "ConnectionStrings": {\n    "Default": "Server=tcp:${host(r)},1433;Initial Catalog=orders;User ID=${user(r)};Password=${v};Encrypt=True;"\n  }\n}\n`,
      }),
      (v, r) => ({
        label: 'db.py',
        text: `conn = psycopg2.connect("host=${host(r)} port=5432 dbname=app user=${user(r)} password=${v}")\n`,
      }),
      (v, r) => ({
        label: 'odbc.ini',
        text: `[prod]\nDriver=ODBC Driver 18;Server=${host(r)};Database=dw;Uid=${user(r)};Pwd=${v};\n`,
      }),
    ],
    lookAlikes: [
      (r) => ({
        label: 'appsettings.json',
        text: `{ "ConnectionStrings": { "Default": "Server=${host(r)};Database=orders;Trusted_Connection=True;" } }\n`,
      }),
      (r) => ({
        label: 'appsettings.Development.json',
        text: `{ "Db": "Server=${host(r)};User ID=app;Password={{DB_PASSWORD}};" }\n`,
      }),
    ],
  },
  {
    ruleId: RULE.netrcPassword,
    confidence: 'known',
    name: 'NETRC',
    make: urlSafePassword,
    files: [
      (v, r) => ({ label: '.netrc', text: `machine ${host(r)}\n  login ${user(r)}\n  password ${v}\n` }),
      (v, r) => ({ label: 'netrc', text: `machine api.${host(r)} login ${user(r)} password ${v}\n` }),
    ],
    lookAlikes: [() => ({ label: '.netrc', text: 'machine example.com login me password $NETRC_PASSWORD\n' })],
  },
  {
    ruleId: RULE.dockerAuth,
    confidence: 'known',
    name: 'DOCKER_AUTH',
    make: (r) => base64(`${user(r)}:${urlSafePassword(r)}`),
    files: [
      (v, r) => ({
        label: 'config.json',
        text: `{\n  "auths": {\n    "${host(r)}": {\n      "auth": "${v}"\n    }\n  }\n}\n`,
      }),
      (v) => ({
        label: '.dockerconfigjson',
        text: `{"auths":{"https://index.docker.io/v1/":{"auth":"${v}","email":"ci@example.com"}}}`,
      }),
    ],
    lookAlikes: [
      () => ({ label: 'config.json', text: '{\n  "auths": { "ghcr.io": {} },\n  "credsStore": "desktop"\n}\n' }),
      () => ({ label: 'config.json', text: '{ "auths": { "registry.example.com": { "auth": "" } } }\n' }),
    ],
  },
  {
    ruleId: RULE.kubernetesSecret,
    confidence: 'known',
    name: 'K8S_SECRET',
    make: (r) => base64(urlSafePassword(r)),
    files: [
      (v, r) => ({
        label: 'secret.yaml',
        text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${user(r)}-credentials\n  namespace: prod\ntype: Opaque\ndata:\n  password: ${v}\n`,
      }),
      (v) => ({
        label: 'secret.json',
        text: `{\n  "apiVersion": "v1",\n  "kind": "Secret",\n  "metadata": { "name": "db" },\n  "data": {\n    "DB_PASSWORD": "${v}"\n  }\n}\n`,
      }),
      (v) => ({
        label: 'manifests.yaml',
        text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: api\n  labels:\n    app: api\ndata:\n  api-key: "${v}"\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: api\n`,
      }),
    ],
    lookAlikes: [
      (r) => ({
        label: 'configmap.yaml',
        text: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  LOG_LEVEL: info\n  FEATURE: ${r.chars(LOWER_ALNUM, 12, false)}\n`,
      }),
      () => ({
        label: 'templates/secret.yaml',
        text: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  password: {{ .Values.db.password | b64enc | quote }}\n',
      }),
      () => ({
        label: 'sealed.yaml',
        text: 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata: {}\n',
      }),
    ],
  },
  {
    ruleId: RULE.kubeconfigKey,
    confidence: 'known',
    name: 'KUBECONFIG',
    make: (r) => base64(`${pemBlock('RSA PRIVATE KEY', r)}\n`),
    files: [
      (v, r) => ({
        label: 'kubeconfig',
        text: `apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${base64(pemBlock('CERTIFICATE', r))}\n    client-key-data: ${v}\n`,
      }),
    ],
    lookAlikes: [
      (r) => ({
        label: 'kubeconfig',
        text: `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: ${base64(pemBlock('CERTIFICATE', r))}\n    server: https://k8s.example.com\n  name: prod\n`,
      }),
    ],
  },
  {
    ruleId: RULE.basicAuth,
    confidence: 'known',
    name: 'BASIC_AUTH',
    make: (r) => base64(`${user(r)}:${urlSafePassword(r)}`),
    files: [
      (v, r) => ({
        label: 'call.sh',
        text: `curl -sS -H "Authorization: Basic ${v}" https://${host(r)}/api/v1/status\n`,
      }),
      (v) => ({
        label: 'client.py',
        text: `HEADERS = {"Authorization": "Basic ${v}", "Accept": "application/json"}\n`,
      }),
      (v, r) => ({
        label: 'request.http',
        text: `GET https://${host(r)}/rest/api/latest/projects\nAuthorization: Basic ${v}\n`,
      }),
    ],
    lookAlikes: [
      () => ({
        label: 'call.sh',
        text: 'curl -H "Authorization: Basic $(echo -n "$USER:$PASS" | base64)" https://example.com\n',
      }),
      () => ({ label: 'nginx.conf', text: 'auth_basic "Restricted";\nauth_basic_user_file /etc/nginx/.htpasswd;\n' }),
    ],
  },
  {
    ruleId: RULE.bearerToken,
    confidence: 'generic',
    name: 'BEARER',
    make: token,
    files: [
      (v, r) => ({ label: 'call.sh', text: `curl -H "Authorization: Bearer ${v}" https://${host(r)}/v2/items\n` }),
      (v) => ({
        label: 'client.ts',
        text: `const res = await fetch(url, { headers: { Authorization: 'Bearer ${v}' } });\n`,
      }),
    ],
    lookAlikes: [
      () => ({
        label: 'client.ts',
        text: 'const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });\n',
      }),
      () => ({
        label: 'openapi.yaml',
        text: 'components:\n  securitySchemes:\n    bearerAuth:\n      type: http\n      scheme: bearer\n      bearerFormat: JWT\n',
      }),
    ],
  },
  {
    ruleId: RULE.npmrc,
    confidence: 'known',
    name: 'NPMRC',
    make: (r) => r.uuid(),
    files: [
      (v) => ({
        label: '.npmrc',
        text: `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${v}\n`,
      }),
      (v) => ({
        label: '.npmrc',
        text: `@acme:registry=https://npm.pkg.example.com/\n//npm.pkg.example.com/:_authToken=${v}\nalways-auth=true\n`,
      }),
    ],
    lookAlikes: [() => ({ label: '.npmrc', text: '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n' })],
  },
];
