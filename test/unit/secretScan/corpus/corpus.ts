// The labelled corpus: for every kind, samples of its secret in files of different types, and
// look-alikes that must not be flagged; all made from a seed. `tunedCorpus` is the one the rules
// were tuned on; `heldOutCorpus` has other seeds and other file templates and was not tuned on.
import { FILE_KINDS } from './fileKinds';
import { KINDS, type Kind, type SampleFile } from './kinds';
import { HELD_OUT_LOOK_ALIKES, LOOK_ALIKES } from './lookAlikes';
import { Random } from './random';
import { HELD_OUT_TEMPLATES, TUNED_TEMPLATES, namesOf, type Template } from './templates';

export interface Secret {
  ruleId: string;
  confidence: 'known' | 'generic';
  /** The value as it stands in the text, once. */
  value: string;
}

export interface Sample extends SampleFile {
  /** The secrets in the text; none for a look-alike. */
  secrets: Secret[];
  /** For a look-alike, the kind it imitates (or 'general'). */
  imitates?: string;
}

export const ALL_KINDS: readonly Kind[] = [...KINDS, ...FILE_KINDS];
const SAMPLES_PER_KIND = 5;

const kebab = (name: string) => name.toLowerCase().replace(/_/g, '-');
/** The value with its random letters and digits replaced: the form documentation shows. */
const shapeOf = (value: string) =>
  value.slice(0, 4) + value.slice(4).replace(/[a-z]/g, 'x').replace(/[A-Z]/g, 'X').replace(/[0-9]/g, '0');
/** Not of the kind any more: its first letter made a digit. */
const defaultMutation = (value: string) => value.replace(/[A-Za-z]/, '9');

const MUTATIONS: Record<string, (value: string) => string> = {
  'Q~': (v) => v.replace('Q~', 'R~'),
  '.atlasv1.': (v) => v.replace('.atlasv1.', '.atlasv2.'),
  AZDO: (v) => v.replace(/AZDO(?=.{4}$)/, 'AZDX'),
};

function mutationOf(kind: Kind, value: string): string {
  if (kind.mutate) return kind.mutate(value);
  const special = Object.entries(MUTATIONS).find(([marker]) => value.includes(marker));
  return special ? special[1](value) : defaultMutation(value);
}

function kindLookAlikes(kind: Kind, r: Random): SampleFile[] {
  if (kind.lookAlikes) return kind.lookAlikes.map((make) => make(r));
  const n = namesOf(kind.name);
  const value = kind.make(r);
  return [
    { label: '.env.example', text: `${n.upper}=<your-${kebab(kind.name)}>\n` },
    { label: '.github/workflows/deploy.yml', text: `    env:\n      ${n.upper}: \${{ secrets.${n.upper} }}\n` },
    { label: 'README.md', text: `Set it first:\n\n    export ${n.upper}=${shapeOf(value)}\n` },
    { label: 'build.env', text: `BUILD_REF=${mutationOf(kind, value)}\n` },
    { label: 'config.py', text: `${n.upper} = os.environ.get("${n.upper}", "")\n` },
  ];
}

/** The held-out corpus's look-alikes of a kind: other forms than the tuned corpus's. */
function heldOutKindLookAlikes(kind: Kind, r: Random): SampleFile[] {
  if (kind.lookAlikes) return kind.lookAlikes.map((make) => make(r));
  const n = namesOf(kind.name);
  const value = kind.make(r);
  return [
    {
      label: 'main.tf',
      text: `variable "${n.snake}" {\n  type      = string\n  sensitive = true\n}\n\nlocals {\n  ${n.snake} = var.${n.snake}\n}\n`,
    },
    {
      label: 'docs/setup.md',
      text: `| Variable | Meaning |\n|---|---|\n| \`${n.upper}\` | the ${kebab(kind.name)}, e.g. \`${value.slice(0, 4)}...\` |\n`,
    },
    { label: 'cache.env', text: `CACHE_KEY=${value.slice(0, Math.floor((value.length * 2) / 3))}\n` },
    {
      label: 'nomad.hcl',
      text: `env {\n  ${n.upper} = "{{ with secret "kv/${n.snake}" }}{{ .Data.value }}{{ end }}"\n}\n`,
    },
    { label: 'config.toml', text: `${n.snake} = ""\n# ${n.snake} = "set-me"\n` },
  ];
}

function locate(file: SampleFile, kind: Kind, value: string): Sample {
  const shown = file.value ?? value;
  if (file.text.indexOf(shown) < 0 || file.text.indexOf(shown) !== file.text.lastIndexOf(shown)) {
    throw new Error(`${kind.ruleId}: the value is not once in ${file.label}`);
  }
  return {
    label: file.label,
    text: file.text,
    secrets: [{ ruleId: kind.ruleId, confidence: kind.confidence, value: shown }],
  };
}

function kindSamples(kind: Kind, r: Random, templates: readonly Template[]): Sample[] {
  const offset = r.int(0, 100);
  return Array.from({ length: SAMPLES_PER_KIND }, (_, i) => {
    const value = kind.make(r);
    if (kind.files) return locate(kind.files[(offset + i) % kind.files.length](value, r), kind, value);
    const template = templates[(offset + i) % templates.length];
    return locate(template(namesOf(kind.name), kind.embed ? kind.embed(value, r) : value), kind, value);
  });
}

type KindLookAlikes = (kind: Kind, r: Random) => SampleFile[];

function corpus(
  seed: number,
  templates: readonly Template[],
  lookAlikes: typeof LOOK_ALIKES,
  ofKind: KindLookAlikes,
): Sample[] {
  const r = new Random(seed);
  const samples: Sample[] = [];
  for (const kind of ALL_KINDS) {
    samples.push(...kindSamples(kind, r, templates));
    samples.push(...ofKind(kind, r).map((f) => ({ ...f, secrets: [], imitates: kind.ruleId })));
  }
  for (let round = 0; round < 3; round++) {
    samples.push(...lookAlikes.map((make) => ({ ...make(r), secrets: [], imitates: 'general' })));
  }
  return samples;
}

export const tunedCorpus = (): Sample[] => corpus(20240541, TUNED_TEMPLATES, LOOK_ALIKES, kindLookAlikes);
export const heldOutCorpus = (): Sample[] =>
  corpus(77001, HELD_OUT_TEMPLATES, HELD_OUT_LOOK_ALIKES, heldOutKindLookAlikes);
