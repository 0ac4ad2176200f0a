// The repository hooks every repository of the local server has, as the real plugins describe
// them, each with the settings validator the plugin applies on save.

import type { HookDetails, HookSettings } from '../../src/api/types';
import type { FieldError } from './http';

export interface HookDefinition {
  details: HookDetails;
  /** The plugin's own checks of a flat settings object. */
  validate(settings: HookSettings): FieldError[];
}

export const HookKeys = {
  externalPreReceive: 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook',
  externalMergeCheck: 'com.ngs.stash.externalhooks.external-hooks:external-merge-check-hook',
  yacc: 'com.isroot.stash.plugin.yacc:yaccHook',
  requiredApprovers: 'com.atlassian.bitbucket.server.bitbucket-bundled-hooks:requiredApproversMergeHook',
} as const;

const SCOPES = ['PROJECT', 'REPOSITORY'];

export const HOOKS: readonly HookDefinition[] = [
  {
    details: {
      key: HookKeys.externalPreReceive,
      name: 'External Pre Receive Hook',
      type: 'PRE_RECEIVE',
      description: 'Runs an external program on every push and rejects the push when it fails.',
      version: '10.3.1',
      configFormKey: 'com.ngs.stash.externalhooks.external-hooks:external-pre-receive-hook-config',
      supportedScopes: SCOPES,
    },
    validate: validateExternalHook,
  },
  {
    details: {
      key: HookKeys.externalMergeCheck,
      name: 'External Merge Check Hook',
      type: 'PRE_PULL_REQUEST_MERGE',
      description: 'Runs an external program before a pull request is merged and vetoes the merge when it fails.',
      version: '10.3.1',
      configFormKey: 'com.ngs.stash.externalhooks.external-hooks:external-merge-check-hook-config',
      supportedScopes: SCOPES,
    },
    validate: validateExternalHook,
  },
  {
    details: {
      key: HookKeys.yacc,
      name: 'Yet Another Commit Checker',
      type: 'PRE_RECEIVE',
      description: 'Checks committer names, emails, commit messages and branch names on push.',
      version: '2.3.0',
      configFormKey: 'com.isroot.stash.plugin.yacc:yaccHook-config',
      supportedScopes: SCOPES,
    },
    validate: validateYacc,
  },
  {
    details: {
      key: HookKeys.requiredApprovers,
      name: 'Minimum approvals',
      type: 'PRE_PULL_REQUEST_MERGE',
      description: 'Requires a minimum number of approvals before a pull request can be merged.',
      version: '9.2.0',
      configFormKey: 'com.atlassian.bitbucket.server.bitbucket-bundled-hooks:requiredApproversMergeHook-config',
      supportedScopes: SCOPES,
    },
    validate: validateRequiredApprovers,
  },
];

export function hookDefinition(key: string): HookDefinition | undefined {
  return HOOKS.find((h) => h.details.key === key);
}

/**
 * External Hooks: `exe` must name the program (the plugin checks that it exists; here an empty
 * or missing value stands for a program that does not), `safe_path` and `async` are booleans,
 * `params` one parameter per line.
 */
function validateExternalHook(settings: HookSettings): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof settings.exe !== 'string' || settings.exe.trim() === '') {
    errors.push({ context: 'exe', message: 'Executable does not exist' });
  }
  for (const flag of ['safe_path', 'async']) {
    if (settings[flag] !== undefined && typeof settings[flag] !== 'boolean') {
      errors.push({ context: flag, message: 'Must be true or false' });
    }
  }
  if (settings.params !== undefined && typeof settings.params !== 'string') {
    errors.push({ context: 'params', message: 'Parameters must be text, one per line' });
  }
  return errors;
}

const YACC_REGEX_FIELDS = [
  'committerEmailRegex',
  'commitMessageRegex',
  'branchNameRegex',
  'excludeByRegex',
  'excludeBranchRegex',
];

/** Yet Another Commit Checker: each regex field must compile (JavaScript's RegExp stands in for Java's). */
function validateYacc(settings: HookSettings): FieldError[] {
  return YACC_REGEX_FIELDS.flatMap((field) => {
    const value = settings[field];
    if (value === undefined || value === '') return [];
    try {
      new RegExp(String(value));
      return [];
    } catch (error) {
      return [{ context: field, message: `Invalid Regex: ${(error as Error).message}` }];
    }
  });
}

/** Minimum approvals: `requiredCount` is a whole number, sent as a string like the settings form does. */
function validateRequiredApprovers(settings: HookSettings): FieldError[] {
  const count = settings.requiredCount;
  if (count === undefined || !/^\d+$/.test(String(count).trim())) {
    return [{ context: 'requiredCount', message: 'The number of required approvals must be a whole number.' }];
  }
  return [];
}
