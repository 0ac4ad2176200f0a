// An extension that is not Bitbucket Snippets, as any other extension a user installs: it activates
// Bitbucket Snippets, reads its exports and writes what it found, as JSON, to the file named by
// BBS_EXPORTS_PROBE_OUT (test/e2e/productionExports.test.ts reads it). It calls nothing it finds:
// it reports every function, and every object with methods, that another extension could call.
const fs = require('node:fs');
const vscode = require('vscode');

const TARGET = 'bitbucket-snippets.bitbucket-snippets';

/** Every property of `value` (own and inherited, enumerable or not, up to Object.prototype), by name. */
function propertyNames(value) {
  const names = new Set();
  for (let o = value; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/** Paths of everything callable reachable from `value`, a few levels deep (getters are read, as a caller would). */
function callables(value, at, depth, seen, found) {
  if (typeof value === 'function') found.push(at);
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || depth === 0 || seen.has(value))
    return found;
  seen.add(value);
  for (const name of propertyNames(value)) {
    let child;
    try {
      child = value[name];
    } catch (err) {
      found.push(`${at}.${name} (reading it threw: ${err && err.message})`);
      continue;
    }
    callables(child, `${at}.${name}`, depth - 1, seen, found);
  }
  return found;
}

async function activate() {
  const out = process.env.BBS_EXPORTS_PROBE_OUT;
  if (!out) return;
  let report;
  try {
    const extension = vscode.extensions.getExtension(TARGET);
    if (!extension) {
      report = { error: `${TARGET} is not installed` };
    } else {
      const exports = await extension.activate();
      report = {
        type: exports === null ? 'null' : typeof exports,
        keys: exports !== null && typeof exports === 'object' ? propertyNames(exports).sort() : [],
        callables: callables(exports, 'exports', 4, new Set(), []),
      };
    }
  } catch (err) {
    report = { error: String(err && err.stack ? err.stack : err) };
  }
  fs.writeFileSync(`${out}.tmp`, JSON.stringify(report, null, 2));
  // Written whole, then renamed: the test never reads half a report.
  fs.renameSync(`${out}.tmp`, out);
}

module.exports = { activate, deactivate() {} };
