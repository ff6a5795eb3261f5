import {
  ExampleFormatError,
  exampleStringRecord,
  exampleStrings,
  isJsonRecord,
} from '../../example-format.ts';
import type { QuestionFamily } from '../../family.ts';
import type { DragDropConfig } from './index.ts';

type Family = QuestionFamily<DragDropConfig, unknown>;

/**
 * options: { dragItems, dropZones, imageUrl? }; answer: { item: zone } (an item left out belongs
 * nowhere). Zones are numbered z1, z2…, items i1, i2….
 */
export const fromExample: Family['fromExample'] = ({ options, answer }) => {
  if (!isJsonRecord(options)) throw new ExampleFormatError('options must be { dragItems, dropZones }');
  const items = exampleStrings(options.dragItems, 'options.dragItems');
  const zones = exampleStrings(options.dropZones, 'options.dropZones');
  const placement = exampleStringRecord(answer, 'answer');
  const zoneId = (zone: string) => {
    const index = zones.indexOf(zone);
    if (index === -1) throw new ExampleFormatError(`"${zone}" is not one of the drop zones`);
    return `z${index + 1}`;
  };
  for (const item of Object.keys(placement)) {
    if (!items.includes(item)) throw new ExampleFormatError(`"${item}" is not one of the drag items`);
  }
  return {
    imageUrl: typeof options.imageUrl === 'string' ? options.imageUrl : null,
    config: {
      zones: zones.map((label, i) => ({ id: `z${i + 1}`, label })),
      items: items.map((item, i) => ({
        id: `i${i + 1}`,
        text: item,
        zoneId: item in placement ? zoneId(placement[item]!) : null,
      })),
    },
  };
};

export const toExample: Family['toExample'] = ({ config, imageUrl }) => {
  const zoneLabel = new Map(config.zones.map((z) => [z.id, z.label]));
  const answer: Record<string, string> = {};
  for (const item of config.items) {
    const label = item.zoneId === null ? undefined : zoneLabel.get(item.zoneId);
    if (label !== undefined) answer[item.text] = label;
  }
  return {
    options: {
      dragItems: config.items.map((i) => i.text),
      dropZones: config.zones.map((z) => z.label),
      ...(typeof imageUrl === 'string' && imageUrl ? { imageUrl } : {}),
    },
    answer,
  };
};
