import { describe, expect, it } from 'vitest';
import {
  analyseItems,
  coefficientAlpha,
  groupSizeFor,
  mean,
  median,
  pearson,
  variance,
  type ItemDefinition,
  type ItemResponse,
} from './item-analysis.ts';

/*
 * Worked example: K. L. Wuensch, "The Kuder-Richardson 20", East Carolina University course notes
 * (https://core.ecu.edu/wuenschk/StatHelp/KR20.txt): ten students A–J, a ten-item right/wrong
 * quiz. The notes publish each item's p, q and p·q and the variance of the totals, 5.84 (÷ n).
 * From them, by hand: Σpq = 5 × .21 + 3 × .24 + .16 + .25 = 2.18 and
 * KR-20 = 10/9 × (1 − 2.18 / 5.84) = 0.69635.
 */
const WUENSCH = [
  [1, 1, 1, 1, 1, 1, 0, 1, 1, 0], // A 8
  [1, 0, 1, 1, 0, 1, 1, 1, 0, 1], // B 7
  [1, 1, 1, 1, 0, 1, 1, 0, 0, 1], // C 7
  [0, 0, 1, 0, 0, 0, 1, 0, 0, 0], // D 2
  [0, 0, 0, 0, 0, 1, 0, 0, 1, 0], // E 2
  [1, 1, 1, 0, 1, 1, 1, 1, 1, 1], // F 9
  [1, 1, 0, 1, 1, 1, 0, 1, 1, 1], // G 8
  [1, 1, 1, 1, 1, 1, 1, 1, 0, 1], // H 9
  [0, 1, 0, 1, 1, 1, 1, 1, 0, 1], // I 7
  [1, 1, 0, 1, 1, 0, 1, 1, 1, 0], // J 7
];
const PUBLISHED_P = [0.7, 0.7, 0.6, 0.7, 0.6, 0.8, 0.7, 0.7, 0.5, 0.6];
const items10: ItemDefinition[] = PUBLISHED_P.map((_, i) => ({ id: `q${i + 1}`, max: 1 }));
const responses10: ItemResponse[] = WUENSCH.map((scores) => ({ scores }));
const totals = WUENSCH.map((row) => row.reduce((a, b) => a + b, 0));

describe('item analysis: Wuensch KR-20 worked example', () => {
  const analysis = analyseItems(items10, responses10);

  it('gives the published facility (p) of every item', () => {
    analysis.items.forEach((item, i) => expect(item.facility).toBeCloseTo(PUBLISHED_P[i]!, 10));
  });

  it('gives the published variance of the totals (population, 5.84) and KR-20 from Σpq = 2.18', () => {
    expect(totals).toEqual([8, 7, 7, 2, 2, 9, 8, 9, 7, 7]);
    expect(variance(totals, 'population')).toBeCloseTo(5.84, 10);
    expect(PUBLISHED_P.reduce((s, p) => s + p * (1 - p), 0)).toBeCloseTo(2.18, 10);
    expect(analysis.reliability).toEqual({
      method: 'kr20',
      value: expect.closeTo((10 / 9) * (1 - 2.18 / 5.84), 10) as number,
      reason: null,
      responses: 10,
      itemIds: items10.map((i) => i.id),
      scoredItems: 10,
    });
    expect(analysis.reliability!.value).toBeCloseTo(0.69635, 5);
  });

  it("Pearson's r of an item and the total is the textbook point-biserial (M1 − M0) / s_n · √(pq)", () => {
    // Item 1: the 7 who got it right averaged 55/7, the 3 who did not 11/3; s_n = √5.84, pq = .21.
    const textbook = ((55 / 7 - 11 / 3) / Math.sqrt(5.84)) * Math.sqrt(0.7 * 0.3);
    expect(textbook).toBeCloseTo(0.79463, 5);
    expect(
      pearson(
        WUENSCH.map((r) => r[0]!),
        totals,
      ),
    ).toBeCloseTo(textbook, 10);
  });

  it('discrimination is the corrected point-biserial (item against the rest of the test)', () => {
    // Item 1 against rest = total − item (hand-computed from the table): 0.70589.
    expect(analysis.items[0]!.discrimination).toBeCloseTo(0.70589, 5);
    // Item 3: right answers spread evenly over the rest scores: exactly 0.
    expect(analysis.items[2]!.discrimination).toBeCloseTo(0, 10);
    // Items 7 and 9 work against the rest of the quiz.
    expect(analysis.items[6]!.discrimination).toBeCloseTo(-0.02744, 5);
    expect(analysis.items[8]!.discrimination).toBeCloseTo(-0.12361, 5);
  });

  it('upper–lower 27 %: groups of round(0.27 × 10) = 3, ties kept in the given order', () => {
    expect(analysis.groupSize).toBe(3);
    // Upper: F 9, H 9, A 8 (A before G, both 8); lower: E 2, D 2, J 7 (J is the last of the 7s).
    // Item 1: upper 3/3 right, lower 1/3 (J) → D = 2/3.
    expect(analysis.items[0]!.upperLower).toBeCloseTo(2 / 3, 10);
    // Item 9: upper F, A right (2/3), lower E, J right (2/3) → 0.
    expect(analysis.items[8]!.upperLower).toBeCloseTo(0, 10);
  });

  it('summary: mean, median and sample standard deviation of the percentages', () => {
    expect(analysis.summary.mean).toBeCloseTo(66, 10);
    expect(analysis.summary.median).toBeCloseTo(70, 10);
    // Sample SD of the totals (÷ n − 1) is 2.54733, i.e. 25.4733 points of percentage.
    expect(analysis.summary.standardDeviation).toBeCloseTo(25.4733, 4);
    expect(analysis.summary.lowest).toBe(20);
    expect(analysis.summary.highest).toBe(90);
  });

  it('flags the items with negative discrimination and none of the working ones', () => {
    expect(analysis.items[6]!.flags).toContain('negativeDiscrimination');
    expect(analysis.items[8]!.flags).toContain('negativeDiscrimination');
    expect(analysis.items[2]!.flags).toEqual(['lowDiscrimination']);
    expect(analysis.items[0]!.flags).toEqual([]);
  });
});

describe("item analysis: Cronbach's α for partial-credit questions", () => {
  // Hand-computed: 4 students, 3 questions worth 2, 3 and 5 points.
  // Item variances (÷ n): a 2,1,0,1 → 0.5; b 3,2,0,1 → 1.25; c 4,3,2,5 → 1.25; Σ = 3;
  // totals 9, 6, 2, 7 → mean 6, variance (9 + 0 + 16 + 1) / 4 = 6.5;
  // α = 3/2 × (1 − 3 / 6.5) = 21/26 = 0.807692.
  const items: ItemDefinition[] = [
    { id: 'a', max: 2 },
    { id: 'b', max: 3 },
    { id: 'c', max: 5 },
  ];
  const rows = [
    [2, 3, 4],
    [1, 2, 3],
    [0, 0, 2],
    [1, 1, 5],
  ];
  it('uses α on the points when some mark is neither 0 nor full', () => {
    const analysis = analyseItems(
      items,
      rows.map((scores) => ({ scores })),
    );
    expect(analysis.reliability).toMatchObject({ method: 'alpha', responses: 4, scoredItems: 3 });
    expect(analysis.reliability!.value).toBeCloseTo(21 / 26, 10);
    expect(coefficientAlpha(rows)).toBeCloseTo(21 / 26, 10);
    // Facility of c: (4 + 3 + 2 + 5) / 4 / 5 = 0.7.
    expect(analysis.items[2]!.facility).toBeCloseTo(0.7, 10);
  });
});

describe('item analysis: reliability with questions drawn at random', () => {
  // Hand-computed: 4 students; a (2 pts) and b (3 pts) every student had; d1, d2 and d3 drawn at
  // random, each student having one or two of them (null: not given).
  // Over a and b only: a 2,1,0,1 → var 0.5; b 3,2,0,2 → mean 1.75, var (1.5625 + 0.0625 + 3.0625
  // + 0.0625) / 4 = 1.1875; totals 5,3,0,3 → mean 2.75, var (5.0625 + 0.0625 + 7.5625 + 0.0625)
  // / 4 = 3.1875; α = 2/1 × (1 − 1.6875 / 3.1875) = 2 × 1.5 / 3.1875 = 16/17 = 0.941176.
  const items: ItemDefinition[] = [
    { id: 'a', max: 2 },
    { id: 'd1', max: 1 },
    { id: 'b', max: 3 },
    { id: 'd2', max: 1 },
    { id: 'd3', max: 1 },
  ];
  const rows = [
    [2, 1, 3, null, 0],
    [1, null, 2, 1, null],
    [0, 0, 0, null, 1],
    [1, null, 2, 0, 1],
  ];
  const responses = rows.map((scores) => ({ scores }));

  it('computes α over the questions every student had (16/17 by hand), ignoring the drawn ones', () => {
    const analysis = analyseItems(items, responses);
    expect(analysis.reliability).toMatchObject({
      method: 'alpha',
      reason: null,
      responses: 4,
      itemIds: ['a', 'b'],
      scoredItems: 5,
    });
    expect(analysis.reliability.value).toBeCloseTo(16 / 17, 12);
  });

  it('uses KR-20 when the common questions are all right or wrong, whatever the drawn ones are', () => {
    // a and b scored 0 or full: 1 1, 1 0, 0 0, 1 1 (as shares); p = 3/4, 2/4; Σpq = 7/16;
    // totals 2, 1, 0, 2 → mean 1.25, var (0.5625 + 0.0625 + 1.5625 + 0.5625) / 4 = 0.6875;
    // KR-20 = 2 × (1 − 0.4375 / 0.6875) = 8/11.
    const binary = [
      [2, 0.5, 3, null, 0],
      [2, null, 0, 0.5, null],
      [0, 0, 0, null, 1],
      [2, null, 3, 0, 1],
    ];
    const analysis = analyseItems(
      items,
      binary.map((scores) => ({ scores })),
    );
    expect(analysis.reliability).toMatchObject({ method: 'kr20', itemIds: ['a', 'b'] });
    expect(analysis.reliability.value).toBeCloseTo(8 / 11, 12);
  });

  it('says why when fewer than 2 questions are common to every student', () => {
    const oneCommon = analyseItems(
      items,
      rows.map((scores) => ({ scores: scores.map((x, i) => (i === 2 ? null : x)) })),
    );
    expect(oneCommon.reliability).toEqual({
      method: null,
      value: null,
      reason: 'tooFewCommonQuestions',
      responses: 4,
      itemIds: ['a'],
      scoredItems: 5,
    });
    const noneCommon = analyseItems(items, [
      { scores: [2, 1, null, null, null] },
      { scores: [null, null, 3, 1, null] },
    ]);
    expect(noneCommon.reliability).toMatchObject({ reason: 'tooFewCommonQuestions', itemIds: [] });
  });

  it('says why when there are fewer than 2 scored questions, or fewer than 2 students', () => {
    const single = analyseItems(
      [
        { id: 'a', max: 2 },
        { id: 'survey', max: 0 },
      ],
      [{ scores: [1, 0] }, { scores: [2, 0] }],
    );
    expect(single.reliability).toMatchObject({ value: null, reason: 'tooFewQuestions', scoredItems: 1 });
    expect(analyseItems(items, responses.slice(0, 1)).reliability).toMatchObject({
      value: null,
      reason: 'tooFewResponses',
      responses: 1,
    });
  });
});

describe('item analysis: option frequencies of a choice question', () => {
  const items: ItemDefinition[] = [
    {
      id: 'mcq',
      max: 1,
      options: [
        { id: 'a', correct: true },
        { id: 'b', correct: false },
        { id: 'c', correct: false },
      ],
    },
    { id: 'other', max: 4 },
  ];
  // Ten students; the strongest (by the other question) pick b, a wrong option: a miskeyed question.
  const data: [string | null, number][] = [
    ['b', 4],
    ['b', 4],
    ['b', 4],
    ['a', 3],
    ['c', 2],
    ['a', 2],
    ['a', 1],
    [null, 0],
    ['a', 0],
    ['a', 0],
  ];
  const analysis = analyseItems(
    items,
    data.map(([choice, other]) => ({
      scores: [choice === 'a' ? 1 : 0, other],
      choices: [choice ? [choice] : null, null],
    })),
  );
  const mcq = analysis.items[0]!;

  it('counts each option in the upper and lower 27 % and in all', () => {
    expect(analysis.groupSize).toBe(3);
    expect(mcq.options).toEqual([
      { id: 'a', correct: true, upper: 0, lower: 2, all: 5 },
      { id: 'b', correct: false, upper: 3, lower: 0, all: 3 },
      { id: 'c', correct: false, upper: 0, lower: 0, all: 1 },
    ]);
    expect(mcq.unanswered).toEqual({ upper: 0, lower: 1, all: 1 });
    expect(analysis.items[1]!.options).toBeNull();
  });

  it('flags it: negative discrimination and a distractor that attracts the upper group', () => {
    expect(mcq.discrimination).toBeLessThan(0);
    expect(mcq.flags).toEqual(['negativeDiscrimination', 'distractorAttractsTop']);
  });
});

describe('item analysis: edge cases', () => {
  it('no attempt: nothing computed, nothing flagged', () => {
    const analysis = analyseItems(items10, []);
    expect(analysis.responses).toBe(0);
    expect(analysis.groupSize).toBe(0);
    expect(analysis.summary).toEqual({
      mean: null,
      median: null,
      standardDeviation: null,
      lowest: null,
      highest: null,
    });
    expect(analysis.reliability).toMatchObject({ value: null, reason: 'tooFewResponses', responses: 0 });
    expect(analysis.items.every((i) => i.facility === null && i.flags.length === 0)).toBe(true);
  });

  it('one attempt: facility and mean only; no spread, so no discrimination, SD or reliability', () => {
    const analysis = analyseItems(items10, [responses10[0]!]);
    expect(analysis.items[0]!.facility).toBe(1);
    expect(analysis.items[0]!.discrimination).toBeNull();
    expect(analysis.items[0]!.upperLower).toBeNull();
    expect(analysis.summary.mean).toBe(80);
    expect(analysis.summary.standardDeviation).toBeNull();
    expect(analysis.reliability).toMatchObject({ value: null, reason: 'tooFewResponses', responses: 1 });
  });

  it('zero variance: everyone alike gives no correlation and no reliability, and flags the easy item', () => {
    const same = Array.from({ length: 6 }, () => ({ scores: [1, 1] }));
    const analysis = analyseItems(
      [
        { id: 'x', max: 1 },
        { id: 'y', max: 1 },
      ],
      same,
    );
    expect(analysis.items[0]!.discrimination).toBeNull();
    expect(analysis.items[0]!.upperLower).toBe(0);
    expect(analysis.items[0]!.flags).toEqual(['veryEasy']);
    expect(analysis.reliability).toMatchObject({
      method: 'kr20',
      value: null,
      reason: 'noSpread',
      responses: 6,
    });
    expect(analysis.summary.standardDeviation).toBe(0);
  });

  it('a question worth nothing is listed but not analysed, and left out of totals and reliability', () => {
    const analysis = analyseItems(
      [...items10, { id: 'survey', max: 0 }],
      WUENSCH.map((scores) => ({ scores: [...scores, 0] })),
    );
    expect(analysis.items[10]).toMatchObject({
      responses: 10,
      facility: null,
      discrimination: null,
      flags: [],
    });
    expect(analysis.reliability!.value).toBeCloseTo(0.69635, 5);
    expect(analysis.summary.mean).toBeCloseTo(66, 10);
  });

  it('a question an attempt did not have (random draws) counts only where it was asked; reliability uses the questions every attempt had', () => {
    const partial = WUENSCH.map((scores, j) => ({ scores: j < 2 ? [...scores.slice(0, 9), null] : scores }));
    const analysis = analyseItems(items10, partial);
    expect(analysis.items[9]!.responses).toBe(8);
    // All 10 attempts, over items 1–9: the same as KR-20 of the table without its last column.
    expect(analysis.reliability).toMatchObject({
      method: 'kr20',
      reason: null,
      responses: 10,
      itemIds: items10.slice(0, 9).map((i) => i.id),
      scoredItems: 10,
    });
    expect(analysis.reliability.value).toBeCloseTo(coefficientAlpha(WUENSCH.map((r) => r.slice(0, 9)))!, 12);
  });

  it('no flags from fewer than 5 attempts', () => {
    const analysis = analyseItems(items10, responses10.slice(0, 4));
    expect(analysis.items.every((i) => i.flags.length === 0)).toBe(true);
  });

  it('helpers: mean, median (even and odd), variance kinds, group size', () => {
    expect(mean([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(variance([1, 2, 3, 4], 'population')).toBe(1.25);
    expect(variance([1, 2, 3, 4], 'sample')).toBeCloseTo(5 / 3, 12);
    expect(variance([1], 'sample')).toBeNull();
    expect([0, 1, 2, 3, 10, 100, 1000].map(groupSizeFor)).toEqual([0, 0, 1, 1, 3, 27, 270]);
  });
});
