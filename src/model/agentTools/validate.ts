// Checks a tool's input against its schema (schemas.ts) before anything runs. VS Code hands a tool
// whatever the model wrote, which need not match the schema; the answer names each problem in
// words a model can correct and a person can read. Plain Node.
import * as l10n from '@vscode/l10n';
import { lineText } from '../../util/outsideText';
import type { Schema } from './schemas';

export type Validated<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Problems reported at most: a wholly wrong input needs the first few, not hundreds. */
const MAX_PROBLEMS = 10;

export function validateInput<T>(input: unknown, schema: Schema): Validated<T> {
  const problems: string[] = [];
  check(input, schema, l10n.t('the input'), problems);
  return problems.length === 0
    ? { ok: true, value: input as T }
    : { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
}

function check(value: unknown, schema: Schema, where: string, problems: string[]): void {
  if (problems.length >= MAX_PROBLEMS) return;
  const kind = kindOf(value);
  if (!fits(kind, schema.type)) {
    problems.push(l10n.t('{0} must be {1}, but is {2}.', where, article(schema.type), kind));
    return;
  }
  switch (schema.type) {
    case 'object':
      return checkObject(value as Record<string, unknown>, schema, where, problems);
    case 'array':
      return checkArray(value as unknown[], schema, where, problems);
    case 'string':
      return checkString(value as string, schema, where, problems);
    case 'integer':
      if (schema.minimum !== undefined && (value as number) < schema.minimum) {
        problems.push(l10n.t('{0} must be at least {1}.', where, schema.minimum));
      }
      if (schema.maximum !== undefined && (value as number) > schema.maximum) {
        problems.push(l10n.t('{0} must be at most {1}.', where, schema.maximum));
      }
      return;
    case 'boolean':
      return;
  }
}

function checkObject(value: Record<string, unknown>, schema: Schema, where: string, problems: string[]): void {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) problems.push(l10n.t('{0} needs "{1}".', where, name));
  }
  for (const [name, field] of Object.entries(value)) {
    const fieldSchema = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : undefined;
    if (!fieldSchema) {
      if (schema.additionalProperties === false) {
        problems.push(
          l10n.t(
            '{0} has "{1}", which this tool does not take (it takes: {2}).',
            where,
            shortName(name),
            Object.keys(properties).join(', '),
          ),
        );
      }
      continue;
    }
    // A field left out and one given as undefined are the same to JSON.
    if (field !== undefined) check(field, fieldSchema, `"${name}"`, problems);
  }
}

function checkArray(value: unknown[], schema: Schema, where: string, problems: string[]): void {
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    problems.push(l10n.t('{0} needs at least {1} item(s).', where, schema.minItems));
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    problems.push(l10n.t('{0} takes at most {1} item(s), but has {2}.', where, schema.maxItems, value.length));
  }
  if (!schema.items) return;
  value.forEach((item, i) => check(item, schema.items!, `${where}[${i}]`, problems));
}

function checkString(value: string, schema: Schema, where: string, problems: string[]): void {
  if (schema.minLength !== undefined && value.trim().length < schema.minLength) {
    problems.push(l10n.t('{0} is empty: give it some text.', where));
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) {
    problems.push(l10n.t('{0} is too long ({1} characters; at most {2}).', where, value.length, schema.maxLength));
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problems.push(l10n.t('{0} is "{1}", but must be one of: {2}.', where, shortName(value), schema.enum.join(', ')));
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

function fits(kind: string, type: Schema['type']): boolean {
  return kind === article(type);
}

function article(type: Schema['type']): string {
  return type === 'array' || type === 'object' || type === 'integer' ? `an ${type}` : `a ${type}`;
}

/** A name the model made up, shown back in one short line. */
function shortName(text: string): string {
  return lineText(text, 60);
}
