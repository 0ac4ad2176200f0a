// The input schemas of the language model tools, as package.json's contributes.languageModelTools
// declares them (test/unit/agentTools/manifest.test.ts holds the two equal), and the inputs they
// describe once validated (validate.ts). Plain data, no `vscode`.

/** The lists a tool may read, as the setting `bitbucketSnippets.agentTools.lists` names them. */
export const AGENT_LISTS = ['mine', 'starred', 'browse'] as const;
export type AgentList = (typeof AGENT_LISTS)[number];

/** The subset of JSON Schema the tools' inputs use, which validate.ts checks. */
export interface Schema {
  type: 'object' | 'string' | 'array' | 'integer' | 'boolean';
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

const account: Schema = {
  type: 'string',
  description:
    'Which signed-in account to use, as results name it (e.g. "alice @ bitbucket.example.com", or just "alice" when unambiguous). Leave out to use every signed-in account (the default account for saving).',
  maxLength: 500,
};

const lists: Schema = {
  type: 'array',
  description:
    'Which lists to read: "mine" (the user\'s own snippets), "starred", "browse" (everyone\'s visible snippets). Leave out for every list the user allows tools to read.',
  items: { type: 'string', enum: [...AGENT_LISTS] },
  maxItems: 3,
};

const maxResults = (most: number): Schema => ({
  type: 'integer',
  description: `At most this many results (1-${most}; default 20).`,
  minimum: 1,
  maximum: most,
});

export const SEARCH_SCHEMA: Schema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description:
        'Text to find, literally and ignoring case, in snippet names, descriptions, categories, file names and file content.',
      minLength: 1,
      maxLength: 500,
    },
    lists,
    user: {
      type: 'string',
      description: 'Also search the snippets of this Bitbucket user (their user name); needs "browse" to be allowed.',
      maxLength: 200,
    },
    account,
    maxResults: maxResults(50),
  },
  required: ['query'],
  additionalProperties: false,
};

export const READ_FILE_SCHEMA: Schema = {
  type: 'object',
  properties: {
    reference: {
      type: 'string',
      description:
        'A file reference exactly as a search or list result gave it ("snippet|<account>|<id>|<file>"). Either this, or snippetName.',
      maxLength: 2000,
    },
    snippetName: {
      type: 'string',
      description: "The snippet's exact name, when there is no reference.",
      maxLength: 500,
    },
    fileName: { type: 'string', description: 'Which file of the snippet (default: its first).', maxLength: 500 },
    account,
    maxCharacters: {
      type: 'integer',
      description: 'Return at most this many characters of the file (default 20000).',
      minimum: 100,
      maximum: 100000,
    },
  },
  additionalProperties: false,
};

export const LIST_CATEGORIES_SCHEMA: Schema = {
  type: 'object',
  properties: { lists, account },
  additionalProperties: false,
};

export const LIST_CATEGORY_SCHEMA: Schema = {
  type: 'object',
  properties: {
    category: {
      type: 'string',
      description: "The category's name, as list categories gave it (ignoring case).",
      minLength: 1,
      maxLength: 200,
    },
    lists,
    account,
    maxResults: maxResults(50),
  },
  required: ['category'],
  additionalProperties: false,
};

export const SAVE_SCHEMA: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: "The new snippet's name.", minLength: 1, maxLength: 255 },
    files: {
      type: 'array',
      description: 'Its files: each a name (its extension picks the language, e.g. deploy.sh) and its text.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'File name, without "/" or "\\".', minLength: 1, maxLength: 255 },
          content: { type: 'string', description: "The file's text.", maxLength: 1000000 },
        },
        required: ['name', 'content'],
        additionalProperties: false,
      },
      minItems: 1,
      maxItems: 20,
    },
    description: { type: 'string', description: 'What the snippet is for (optional).', maxLength: 2000 },
    categories: {
      type: 'array',
      description: 'Category names (optional).',
      items: { type: 'string', minLength: 1, maxLength: 200 },
      maxItems: 20,
    },
    account,
  },
  required: ['name', 'files'],
  additionalProperties: false,
};

export interface SearchInput {
  query: string;
  lists?: AgentList[];
  user?: string;
  account?: string;
  maxResults?: number;
}

export interface ReadFileInput {
  reference?: string;
  snippetName?: string;
  fileName?: string;
  account?: string;
  maxCharacters?: number;
}

export interface ListCategoriesInput {
  lists?: AgentList[];
  account?: string;
}

export interface ListCategoryInput {
  category: string;
  lists?: AgentList[];
  account?: string;
  maxResults?: number;
}

export interface SaveInput {
  name: string;
  files: Array<{ name: string; content: string }>;
  description?: string;
  categories?: string[];
  account?: string;
}
