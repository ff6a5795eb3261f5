/**
 * `npm run new:family <name>`: scaffolds a question family (docs/architecture/question-families.md#adding-a-family)
 * with one placeholder type: its shared folder (schemas, marking, example, student view), its web
 * folder (player, editor, example view), its interchange folder (no format carries it yet), the
 * placeholder type's words in the 12 catalogs, and the lines that register it. `<name>` is the
 * folder name, kebab-case ('hot-spot'); the family id is its camelCase ('hotSpot'). The words are
 * English placeholders marked for translation: write the real ones before committing.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where each side keeps its family folders, from the repository root. */
export const FAMILY_DIRS = {
  shared: 'packages/shared/src/questions/families',
  web: 'apps/web/src/components/questions/families',
  interchange: 'apps/api/src/modules/question-interchange/families',
} as const;
export const SHARED_LOCALES = 'packages/shared/src/locales';

/** The files that register a family, from the repository root. */
export const REGISTRIES = {
  familyIds: 'packages/shared/src/questions/family.ts',
  families: 'packages/shared/src/questions/families/index.ts',
  types: 'packages/shared/src/questions/types.ts',
  instructions: 'packages/shared/src/questions/type-info.ts',
  examples: 'packages/shared/src/questions/examples.ts',
  components: 'apps/web/src/components/questions/family-components.tsx',
  players: 'apps/web/src/components/questions/family-players.tsx',
  traits: 'apps/web/src/components/questions/family-traits.ts',
  converters: 'apps/api/src/modules/question-interchange/families/registry.ts',
} as const;

export const camelCase = (kebab: string): string =>
  kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const kebabCase = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const pascalCase = (kebab: string): string => camelCase(kebab).replace(/^./, (c) => c.toUpperCase());
const titleCase = (kebab: string): string =>
  kebab
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The family folders of one side: its subfolders. */
export const familyFolders = (root: string, side: keyof typeof FAMILY_DIRS): string[] =>
  readdirSync(path.join(root, FAMILY_DIRS[side]), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Inserts `text` just before `anchor` (the first one after `after`, when given); throws when not found. */
function insertBefore(file: string, anchor: string, text: string, after?: string): void {
  const source = readFileSync(file, 'utf8');
  const from = after === undefined ? 0 : source.indexOf(after);
  const at = from < 0 ? -1 : source.indexOf(anchor, from);
  if (at < 0)
    throw new Error(`${file}: cannot find where to register the family (${JSON.stringify(anchor)})`);
  writeFileSync(file, source.slice(0, at) + text + source.slice(at));
}

function write(root: string, file: string, text: string, written: string[]): void {
  const full = path.join(root, file);
  if (existsSync(full)) throw new Error(`${file} exists already`);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  written.push(file);
}

/** Scaffolds the family `folder` in the checkout at `root`; returns the files it wrote or changed. */
export function scaffoldFamily(root: string, folder: string): string[] {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(folder)) {
    throw new Error(`"${folder}" is not a kebab-case name (like hot-spot)`);
  }
  const id = camelCase(folder);
  const P = pascalCase(folder);
  const title = titleCase(folder);
  const typeId = folder;
  for (const side of Object.keys(FAMILY_DIRS) as (keyof typeof FAMILY_DIRS)[]) {
    if (familyFolders(root, side).includes(folder))
      throw new Error(`The ${side} family ${folder} exists already`);
  }
  if (readFileSync(path.join(root, REGISTRIES.types), 'utf8').includes(`id: '${typeId}'`)) {
    throw new Error(`A question type ${typeId} exists already`);
  }
  const written: string[] = [];
  const shared = `${FAMILY_DIRS.shared}/${folder}`;
  const web = `${FAMILY_DIRS.web}/${folder}`;
  const interchange = `${FAMILY_DIRS.interchange}/${folder}`;

  // packages/shared: the family's behaviour.
  write(
    root,
    `${shared}/index.ts`,
    `import { z } from 'zod';
import { defineFamily, NOT_READ_NOR_ANALYSED } from '../../family.ts';
import { matchesAccepted } from '../../text-normalise.ts';
import { AnswerTextSchema, filledText, partial, totalMark } from '../common.ts';
import { fromExample, toExample } from './example.ts';
import { studentView, type Student${P}Config } from './student-view.ts';

export type { Student${P}Config } from './student-view.ts';

// TODO(new:family): the family's own config, answer and marking; this placeholder is one typed answer.
export const ${P}ConfigSchema = z.object({
  answer: filledText('questions.errors.answerEmpty', 500),
});
export type ${P}Config = z.infer<typeof ${P}ConfigSchema>;

export const ${P}AnswerSchema = AnswerTextSchema;
export type ${P}Answer = z.infer<typeof ${P}AnswerSchema>;

/** All or nothing: the normalised answer equals the normalised expected one. details: { answer }. */
export const ${id} = defineFamily<${P}Config, ${P}Answer, Student${P}Config>({
  id: '${id}',
  config: ${P}ConfigSchema,
  answer: ${P}AnswerSchema,
  expectedAnswer: (config) => config.answer,
  defaultConfig: () => ({ answer: '' }),
  fromExample,
  toExample,
  studentView,
  ...NOT_READ_NOR_ANALYSED,
  mark: totalMark(${P}ConfigSchema, ${P}AnswerSchema, (config, answer, max) => {
    const right = matchesAccepted(answer, [config.answer], false);
    return partial(right ? 1 : 0, max, { answer: right });
  }),
});
`,
    written,
  );
  write(
    root,
    `${shared}/example.ts`,
    `import { exampleText } from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { ${P}Config } from './index.ts';

type Family = QuestionFamily<${P}Config, unknown>;

/** No options; answer: the expected text. */
export const fromExample: Family['fromExample'] = ({ answer }) => ({
  config: { answer: exampleText(answer, 'answer') },
});

export const toExample: Family['toExample'] = ({ config }) => ({ options: null, answer: config.answer });
`,
    written,
  );
  write(
    root,
    `${shared}/student-view.ts`,
    `import { UNMASKED, type FamilyStudentView } from '../../family.ts';
import type { ${P}Config } from './index.ts';

/** Nothing of the config: it is the answer. */
export type Student${P}Config = Record<string, unknown>;

export const studentView: FamilyStudentView<${P}Config, Student${P}Config> = {
  ...UNMASKED,
  config: () => ({}),
};
`,
    written,
  );
  const familyIds = path.join(root, REGISTRIES.familyIds);
  insertBefore(familyIds, '] as const;', `  '${id}',\n`, 'export const FAMILY_IDS');
  const families = path.join(root, REGISTRIES.families);
  insertBefore(
    families,
    '\nexport * from',
    `import { ${id}, type ${P}Answer, type ${P}Config, type Student${P}Config } from './${folder}/index.ts';\n`,
  );
  insertBefore(families, '\n/**', `export * from './${folder}/index.ts';\n`, 'export * from');
  insertBefore(
    families,
    '}\nexport type FamilyConfig',
    `  ${id}: { config: ${P}Config; answer: ${P}Answer; student: Student${P}Config };\n`,
  );
  insertBefore(families, '};', `  ${id},\n`, 'export const FAMILIES');
  written.push(REGISTRIES.familyIds, REGISTRIES.families);

  // The placeholder type: its data, instructions and example.
  insertBefore(
    path.join(root, REGISTRIES.types),
    '] as const satisfies',
    `  { id: '${typeId}', name: '${title}', family: '${id}', tier: 'enterprise' },\n`,
  );
  const instructions = `Type the answer to the ${title.toLowerCase()} question.`;
  insertBefore(
    path.join(root, REGISTRIES.instructions),
    '};',
    `  '${typeId}': '${instructions}',\n`,
    'const INSTRUCTIONS',
  );
  insertBefore(
    path.join(root, REGISTRIES.examples),
    '\n};',
    `\n  '${typeId}': {\n    type: '${title}',\n    question: 'TODO(new:family): an example ${title} question.',\n    options: null,\n    answer: 'TODO',\n    score: 2,\n    instructions: '${instructions}',\n  },`,
    'export const QUESTION_EXAMPLES',
  );
  written.push(REGISTRIES.types, REGISTRIES.instructions, REGISTRIES.examples);

  // apps/web: player, editor, example view.
  write(
    root,
    `${web}/${folder}-player.tsx`,
    `import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ${P}Answer, Student${P}Config } from '@vbuilder/shared';
import type { PlayerProps } from '../../family-ui.ts';
import { ResultNote } from '../../players/common/result-mark.tsx';

/** TODO(new:family): how a student answers; this placeholder is one text field. */
export function ${P}Player({
  value,
  onChange,
  disabled = false,
  result,
  idPrefix,
}: PlayerProps<Student${P}Config, ${P}Answer>) {
  const { t } = useTranslation('questionTypes');
  return (
    <>
      <TextInput
        id={\`\${idPrefix}-${folder}\`}
        label={t('types.${typeId}.label')}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        maxLength={10_000}
      />
      {result && result.correct !== null ? <ResultNote correct={result.correct} /> : null}
    </>
  );
}
`,
    written,
  );
  write(
    root,
    `${web}/${folder}-editor.tsx`,
    `import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ${P}Config } from '@vbuilder/shared';
import { useFieldErrors } from '../../editors/editor-utils.ts';
import type { EditorProps } from '../../family-ui.ts';

/** TODO(new:family): how a teacher writes the question; this placeholder edits the expected answer. */
export function ${P}Editor({ question, onChange, errors }: EditorProps<${P}Config>) {
  const { t } = useTranslation('questionTypes');
  const errorFor = useFieldErrors(errors);
  return (
    <TextInput
      label={t('families.${id}')}
      value={question.config.answer}
      onChange={(event) => onChange({ ...question, config: { ...question.config, answer: event.currentTarget.value } })}
      error={errorFor('config.answer') ?? errorFor('config')}
      errorProps={{ role: 'alert' }}
    />
  );
}
`,
    written,
  );
  write(
    root,
    `${web}/example-view.tsx`,
    `import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A ${title} example: no options, the expected answer. */
export function ${P}ExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} />;
}
`,
    written,
  );
  write(
    root,
    `${web}/index.ts`,
    `import type { FamilyAnswer, FamilyConfig } from '@vbuilder/shared';
import type { FamilyComponents } from '../../family-ui.ts';
import { ${P}Editor } from './${folder}-editor.tsx';
import { ${P}ExampleView } from './example-view.tsx';
import { ${P}Player } from './${folder}-player.tsx';

/** The web side of the ${id} family: its player, its editor and its example. */
export const ${id}Components: FamilyComponents<FamilyConfig<'${id}'>, FamilyAnswer<'${id}'>> = {
  Player: ${P}Player,
  Editor: ${P}Editor,
  ExampleView: ${P}ExampleView,
};
`,
    written,
  );
  const components = path.join(root, REGISTRIES.components);
  insertBefore(
    components,
    "import type { FamilyComponents } from './family-ui.ts';",
    `import { ${id}Components } from './families/${folder}/index.ts';\n`,
  );
  insertBefore(components, '};', `  ${id}: ${id}Components,\n`, 'export const FAMILY_COMPONENTS');
  insertBefore(
    path.join(root, REGISTRIES.players),
    '};',
    `  ${id}: () => import('./families/${folder}/${folder}-player.tsx').then((m) => m.${P}Player),\n`,
    'const PLAYER_LOADERS',
  );
  write(
    root,
    `${web}/traits.ts`,
    `import type { FamilyTraits } from '../../family-ui.ts';

/** The ${id} family's traits: the screens show the question's image above its player. */
export const ${id}Traits: FamilyTraits = { playerShowsImage: false };
`,
    written,
  );
  const traits = path.join(root, REGISTRIES.traits);
  insertBefore(
    traits,
    "import type { FamilyTraits } from './family-ui.ts';",
    `import { ${id}Traits } from './families/${folder}/traits.ts';\n`,
  );
  insertBefore(traits, '};', `  ${id}: ${id}Traits,\n`, 'const FAMILY_TRAITS');
  written.push(REGISTRIES.components, REGISTRIES.players, REGISTRIES.traits);

  // The interchange module: no format carries the family until a converter is written.
  write(
    root,
    `${interchange}/index.ts`,
    `import type { FamilyInterchange } from '../registry.ts';

/**
 * The ${id} family in each file format: null where no format carries it (say why here). A
 * converter is a file of this folder per format (see ../choice/).
 */
export const ${id}Interchange: FamilyInterchange<'${id}'> = {
  converters: { moodle: null, gift: null, qti: null, aiken: null },
  losses: null,
  images: null,
};
`,
    written,
  );
  const converters = path.join(root, REGISTRIES.converters);
  insertBefore(
    converters,
    '\n/** The intermediate item',
    `import { ${id}Interchange } from './${folder}/index.ts';\n`,
  );
  insertBefore(converters, '};', `  ${id}: ${id}Interchange,\n`, 'export const FAMILY_INTERCHANGE');
  written.push(REGISTRIES.converters);

  // The words, in the one catalog both apps read: English placeholders marked for translation.
  for (const lng of readdirSync(path.join(root, SHARED_LOCALES)).sort()) {
    const file = `${SHARED_LOCALES}/${lng}/questionTypes.json`;
    const catalog = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as {
      types: Record<string, Record<string, string>>;
      families: Record<string, string>;
    };
    const words = (english: string) =>
      lng === 'en' ? `${english} [TODO(new:family)]` : `[TODO(new:family) ${lng}] ${english}`;
    catalog.families[id] = words(title);
    catalog.types[typeId] = {
      label: words(title),
      description: words(`Students type the answer to a ${title.toLowerCase()} question.`),
      instructions: lng === 'en' ? instructions : words(instructions),
    };
    writeFileSync(path.join(root, file), `${JSON.stringify(catalog, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const name = process.argv[2];
  if (!name) {
    console.error('Usage: npm run new:family <kebab-case-name>');
    process.exit(1);
  }
  try {
    for (const file of scaffoldFamily(REPO_ROOT, name)) console.log(file);
    console.log(
      `\nThe ${camelCase(name)} family is registered with one placeholder type. Next: its config, marking, player and` +
        ' editor, the words in every language (search for TODO(new:family)), and tests: see' +
        ' docs/architecture/question-families.md#adding-a-family.',
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
