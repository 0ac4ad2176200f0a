#!/usr/bin/env node
// `npm run lint`: the type checks of the extension and of the webviews, ESLint and Prettier's
// check. Run one after another they took about 28 s of a CI run on a quiet 2-core machine, with
// one core idle; they now run as two lanes at once. Each step's output is printed whole once it
// ends, under its name, so the two lanes never mix their lines. Exits with 1 when any step
// failed, after every step ran.
const { spawn } = require('node:child_process');
const path = require('node:path');

const bin = (name) => path.join(__dirname, '..', 'node_modules', '.bin', name);

/**
 * Each lane runs its steps in turn; the lanes run at once. Together the steps need about 45 s of
 * CPU (each uses more than one thread at times), so on 2 cores the whole takes about 22 s.
 */
const LANES = [
  [['eslint', ['src', 'test', 'bench']]],
  [
    ['tsc', ['-p', 'tsconfig.extension.json', '--noEmit']],
    ['tsc', ['-p', 'src/webview', '--noEmit']],
    ['prettier', ['--check', '{src,test,bench}/**/*.{ts,js,mjs}']],
  ],
];

function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(bin(command), args, {
      cwd: path.join(__dirname, '..'),
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => resolve({ command, args, code: 1, output: `${err.message}\n` }));
    child.on('close', (code) => resolve({ command, args, code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function runLane(steps) {
  const results = [];
  for (const step of steps) {
    const result = await run(step);
    process.stdout.write(`> ${result.command} ${result.args.join(' ')}\n${result.output}`);
    results.push(result);
  }
  return results;
}

void Promise.all(LANES.map(runLane)).then((lanes) => {
  const failed = lanes.flat().filter((r) => r.code !== 0);
  for (const r of failed) console.error(`lint: ${r.command} ${r.args.join(' ')} failed (exit code ${r.code})`);
  process.exit(failed.length > 0 ? 1 : 0);
});
