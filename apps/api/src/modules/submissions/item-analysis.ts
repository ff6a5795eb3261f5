/**
 * Item analysis (classical test theory): how well each question of an assessment worked.
 * A pure module: it is given, per analysed attempt, the score of each question (and for choice
 * questions the options chosen) and returns the figures; the caller reads the marks.
 *
 * Who is counted (decided by the caller, submissions.item-analysis.ts): each student's latest
 * submitted attempt whose marking is complete. An attempt with answers still waiting for a
 * teacher is left out altogether (its total is not final, so it cannot be ranked), and the
 * number left out is reported. Questions worth nothing (surveys) are listed but not analysed.
 *
 * Notation: n responses (attempts), k analysed questions; x_ij the points of attempt j on
 * question i (max m_i), s_ij = x_ij / m_i its share of full marks; T_j = Σ_i x_ij the attempt's
 * total and M_j = Σ_i m_i its maximum (over the questions the attempt had: with random draws
 * two attempts may have different questions).
 *
 * Formulas
 * - Facility (difficulty index) p_i = mean_j s_ij, 0..1: the share of the marks students got
 *   (for a right/wrong question, the share who got it right).
 * - Discrimination, corrected point-biserial r_i: Pearson's correlation between s_ij and the
 *   rest-of-test share R_ij = (T_j − x_ij) / (M_j − m_i), i.e. the question against the other
 *   questions, so the question does not correlate with itself (for a right/wrong question
 *   Pearson's r is the point-biserial r_pb = (M1 − M0) / s_n · √(pq)). Null when either side has
 *   no spread (everyone got the same).
 * - Discrimination, upper–lower index D_i = mean s_ij in the upper group − mean s_ij in the
 *   lower group. The groups are the top and bottom 27 % of the attempts by total share T_j / M_j
 *   (Kelley 1939), g = max(1, round(0.27 n)) attempts each; ties at the border are broken by the
 *   order the attempts are given in (newest first), so the groups are always exactly g.
 * - Option frequencies (choice questions): for each option, how many attempts in the upper group,
 *   the lower group and in all chose it (several per attempt for a multiple-answer question),
 *   and how many gave no answer.
 * - Reliability over the questions every analysed attempt had (with random draws each student
 *   gets different questions, so only those common to all can be compared), k ≥ 2 of them and
 *   n ≥ 2 attempts: KR-20 = k/(k−1) · (1 − Σ p_i q_i / σ²_X) when every question was scored right-or-wrong
 *   (each mark 0 or full), on 0/1 scores (q_i = 1 − p_i, X the number right);
 *   otherwise Cronbach's α = k/(k−1) · (1 − Σ σ²_i / σ²_X) on the points. Variances here are
 *   population variances (divide by n) on both sides, as Kuder & Richardson (1937) wrote them;
 *   the ratio is the same with n − 1 on both. Null when there is no spread in the totals.
 *   KR-20 is α for 0/1 scores.
 * - Summary of the attempts' percentages (100 · T_j / M_j): mean, median (mean of the two middle
 *   values for even n), standard deviation as the SAMPLE standard deviation (divide by n − 1;
 *   null for fewer than 2 attempts), lowest and highest.
 *
 * Flags (a question "looks broken"; thresholds below, usual rules of thumb, e.g. Ebel & Frisbie
 * 1991 for discrimination):
 * - negativeDiscrimination: r_i < 0 or D_i < 0 — stronger students did worse on it than weaker
 *   ones (often a wrong key or an ambiguous wording);
 * - lowDiscrimination: 0 ≤ r_i < 0.20 — it hardly separates stronger from weaker students;
 * - veryHard: p_i < 0.20; veryEasy: p_i > 0.90;
 * - distractorAttractsTop (choice): a wrong option chosen by more of the upper group than of the
 *   lower group.
 * No flag is raised from fewer than MIN_RESPONSES_FOR_FLAGS attempts: with so few the figures
 * say little.
 */

export const UPPER_LOWER_SHARE = 0.27;
export const THRESHOLDS = {
  lowDiscrimination: 0.2,
  veryHard: 0.2,
  veryEasy: 0.9,
} as const;
export const MIN_RESPONSES_FOR_FLAGS = 5;

export type ItemFlag =
  'negativeDiscrimination' | 'lowDiscrimination' | 'veryHard' | 'veryEasy' | 'distractorAttractsTop';

export interface ItemDefinition {
  id: string;
  /** Full marks; 0 = not scored (a survey): listed, not analysed. */
  max: number;
  /** For choice questions: the options in the question's order and which are right. */
  options?: readonly { id: string; correct: boolean }[];
}

/** One analysed attempt. */
export interface ItemResponse {
  /** Per item (same order as the definitions): points, or null when the attempt did not have it. */
  scores: readonly (number | null)[];
  /** Per item: the option ids chosen (choice questions), null when none was or it is not a choice item. */
  choices?: readonly (readonly string[] | null)[];
}

export interface OptionFrequency {
  id: string;
  correct: boolean;
  upper: number;
  lower: number;
  all: number;
}

export interface ItemStatistics {
  id: string;
  /** Attempts that had this question. */
  responses: number;
  /** 0..1, null when not analysed (worth nothing, or no response). */
  facility: number | null;
  /** Corrected point-biserial (item vs rest), −1..1; null when it cannot be computed. */
  discrimination: number | null;
  /** Upper–lower 27 % index, −1..1; null with fewer than 2 responses. */
  upperLower: number | null;
  /** Choice questions only. */
  options: OptionFrequency[] | null;
  /** Choice questions only: attempts in the upper / lower group / all with no option chosen. */
  unanswered: { upper: number; lower: number; all: number } | null;
  flags: ItemFlag[];
}

/** Why there is no reliability figure. */
export type ReliabilityReason =
  /** Fewer than MIN_RELIABILITY_RESPONSES analysed attempts. */
  | 'tooFewResponses'
  /** The assessment has fewer than 2 scored questions. */
  | 'tooFewQuestions'
  /** Fewer than 2 scored questions were given to every analysed attempt (random draws). */
  | 'tooFewCommonQuestions'
  /** Every attempt has the same total over those questions: nothing to measure consistency by. */
  | 'noSpread';

export const MIN_RELIABILITY_RESPONSES = 2;

export interface ReliabilityFigure {
  /** Null when nothing was computed (reason tooFewResponses, tooFewQuestions, tooFewCommonQuestions). */
  method: 'kr20' | 'alpha' | null;
  /** Can be negative (items that work against each other); null with a reason. */
  value: number | null;
  reason: ReliabilityReason | null;
  /** Attempts used (every analysed attempt). */
  responses: number;
  /** The scored questions every analysed attempt had, in the items' order: what it is computed over. */
  itemIds: string[];
  /** Scored questions in all (more than itemIds.length when some were drawn at random). */
  scoredItems: number;
}

export interface ItemAnalysis {
  responses: number;
  /** Size of each of the upper and lower groups. */
  groupSize: number;
  summary: {
    mean: number | null;
    median: number | null;
    standardDeviation: number | null;
    lowest: number | null;
    highest: number | null;
  };
  reliability: ReliabilityFigure;
  items: ItemStatistics[];
}

/** Mean of the values; null when there are none. */
export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return sum / values.length;
}

/** Median (the mean of the two middle values for an even count); null when there are none. */
export function median(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Variance: population (÷ n) or sample (÷ n − 1); null when n (or n − 1) is 0. */
export function variance(values: ArrayLike<number>, kind: 'population' | 'sample'): number | null {
  const n = values.length;
  const m = mean(values);
  if (m === null || (kind === 'sample' && n < 2)) return null;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += (values[i]! - m) ** 2;
  return sum / (kind === 'sample' ? n - 1 : n);
}

/** Pearson's product-moment correlation; null when fewer than 2 pairs or either has no spread. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n < 2 || y.length !== n) return null;
  const mx = mean(x)!;
  const my = mean(y)!;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // Rounding noise on a constant column is not spread.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  // Rounded to 12 places so an exact 0 does not come out as −1e-17 (and flag the item).
  return Math.round((sxy / Math.sqrt(sxx * syy)) * 1e12) / 1e12;
}

/** Size of each of the upper and lower groups: 27 % of n, at least 1 (0 for fewer than 2). */
export const groupSizeFor = (n: number): number =>
  n < 2 ? 0 : Math.max(1, Math.round(UPPER_LOWER_SHARE * n));

/**
 * Coefficient α = k/(k−1) · (1 − Σ var(item) / var(total)) over complete rows (population
 * variances); with 0/1 scores this is KR-20. Null when k < 2, n < 2 or the totals have no spread.
 */
export function coefficientAlpha(rows: readonly (readonly number[])[]): number | null {
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  if (n < 2 || k < 2) return null;
  const totals = new Float64Array(n);
  let itemVariances = 0;
  const column = new Float64Array(n);
  for (let i = 0; i < k; i += 1) {
    for (let j = 0; j < n; j += 1) {
      column[j] = rows[j]![i]!;
      totals[j]! += rows[j]![i]!;
    }
    itemVariances += variance(column, 'population')!;
  }
  const totalVariance = variance(totals, 'population')!;
  if (totalVariance < 1e-12) return null;
  return (k / (k - 1)) * (1 - itemVariances / totalVariance);
}

const isDichotomous = (score: number, max: number) => score === 0 || Math.abs(score - max) < 1e-9;

/** The item analysis of `responses` (see the formulas above). */
export function analyseItems(
  items: readonly ItemDefinition[],
  responses: readonly ItemResponse[],
): ItemAnalysis {
  const n = responses.length;
  const k = items.length;
  const scored = items.map((item) => item.max > 0);
  // Per attempt: total points and maximum over the scored items it had, and its share.
  const totals = new Float64Array(n);
  const maxima = new Float64Array(n);
  for (let j = 0; j < n; j += 1) {
    const scores = responses[j]!.scores;
    for (let i = 0; i < k; i += 1) {
      const x = scores[i];
      if (!scored[i] || x === null || x === undefined) continue;
      totals[j]! += x;
      maxima[j]! += items[i]!.max;
    }
  }
  const percentages = Float64Array.from(totals, (t, j) => (maxima[j]! > 0 ? (100 * t) / maxima[j]! : 0));

  // Upper and lower groups by share, highest first; the sort is stable, so ties keep the given order.
  const g = groupSizeFor(n);
  const ranked = Array.from({ length: n }, (_, j) => j).sort((a, b) => percentages[b]! - percentages[a]!);
  const group = new Int8Array(n); // 1 upper, −1 lower
  for (let r = 0; r < g; r += 1) {
    group[ranked[r]!] = 1;
    group[ranked[n - 1 - r]!] = -1;
  }

  const stats = items.map((item, i): ItemStatistics => {
    const base: ItemStatistics = {
      id: item.id,
      responses: 0,
      facility: null,
      discrimination: null,
      upperLower: null,
      options: null,
      unanswered: null,
      flags: [],
    };
    const shares: number[] = [];
    const rest: number[] = [];
    let upperSum = 0;
    let upperCount = 0;
    let lowerSum = 0;
    let lowerCount = 0;
    const options = item.options?.map((o) => ({ id: o.id, correct: o.correct, upper: 0, lower: 0, all: 0 }));
    const optionIndex = new Map(options?.map((o, index) => [o.id, index]));
    const unanswered = { upper: 0, lower: 0, all: 0 };
    for (let j = 0; j < n; j += 1) {
      const x = responses[j]!.scores[i];
      if (x === null || x === undefined) continue;
      base.responses += 1;
      if (options) {
        const chosen = new Set(responses[j]!.choices?.[i] ?? []);
        let any = false;
        for (const id of chosen) {
          const o = optionIndex.get(id);
          if (o === undefined) continue;
          any = true;
          options[o]!.all += 1;
          if (group[j] === 1) options[o]!.upper += 1;
          if (group[j] === -1) options[o]!.lower += 1;
        }
        if (!any) {
          unanswered.all += 1;
          if (group[j] === 1) unanswered.upper += 1;
          if (group[j] === -1) unanswered.lower += 1;
        }
      }
      if (!scored[i]) continue;
      const share = x / item.max;
      shares.push(share);
      const restMax = maxima[j]! - item.max;
      rest.push(restMax > 0 ? (totals[j]! - x) / restMax : 0);
      if (group[j] === 1) {
        upperSum += share;
        upperCount += 1;
      } else if (group[j] === -1) {
        lowerSum += share;
        lowerCount += 1;
      }
    }
    if (options) {
      base.options = options;
      base.unanswered = unanswered;
    }
    if (!scored[i] || shares.length === 0) return base;
    base.facility = mean(shares);
    base.discrimination = pearson(shares, rest);
    base.upperLower = upperCount > 0 && lowerCount > 0 ? upperSum / upperCount - lowerSum / lowerCount : null;
    if (shares.length >= MIN_RESPONSES_FOR_FLAGS) base.flags = flagsOf(base);
    return base;
  });

  return {
    responses: n,
    groupSize: g,
    summary: {
      mean: mean(percentages),
      median: median(percentages),
      standardDeviation: n < 2 ? null : Math.sqrt(variance(percentages, 'sample')!),
      // A loop, not Math.min(...): a spread of a very large class would overflow the stack.
      lowest: n ? percentages.reduce((a, b) => Math.min(a, b)) : null,
      highest: n ? percentages.reduce((a, b) => Math.max(a, b)) : null,
    },
    reliability: reliabilityOf(items, responses, scored),
    items: stats,
  };
}

function flagsOf(s: ItemStatistics): ItemFlag[] {
  const flags: ItemFlag[] = [];
  const r = s.discrimination;
  if ((r !== null && r < 0) || (s.upperLower !== null && s.upperLower < 0))
    flags.push('negativeDiscrimination');
  else if (r !== null && r < THRESHOLDS.lowDiscrimination) flags.push('lowDiscrimination');
  if (s.facility !== null && s.facility < THRESHOLDS.veryHard) flags.push('veryHard');
  if (s.facility !== null && s.facility > THRESHOLDS.veryEasy) flags.push('veryEasy');
  if (s.options?.some((o) => !o.correct && o.upper > o.lower)) flags.push('distractorAttractsTop');
  return flags;
}

/**
 * KR-20 or α over the scored questions every attempt had (see the formulas above), or the reason
 * it cannot be computed.
 */
function reliabilityOf(
  items: readonly ItemDefinition[],
  responses: readonly ItemResponse[],
  scored: readonly boolean[],
): ReliabilityFigure {
  const scoredColumns = items.flatMap((item, i) => (scored[i] ? [i] : []));
  const has = (r: ItemResponse, i: number) => r.scores[i] !== null && r.scores[i] !== undefined;
  const columns =
    responses.length === 0 ? [] : scoredColumns.filter((i) => responses.every((r) => has(r, i)));
  const figure = (
    reason: ReliabilityReason | null,
    method: ReliabilityFigure['method'] = null,
    value: number | null = null,
  ): ReliabilityFigure => ({
    method,
    value,
    reason,
    responses: responses.length,
    itemIds: columns.map((i) => items[i]!.id),
    scoredItems: scoredColumns.length,
  });
  if (scoredColumns.length < 2) return figure('tooFewQuestions');
  if (responses.length < MIN_RELIABILITY_RESPONSES) return figure('tooFewResponses');
  if (columns.length < 2) return figure('tooFewCommonQuestions');
  const dichotomous = responses.every((r) =>
    columns.every((i) => isDichotomous(r.scores[i]!, items[i]!.max)),
  );
  const rows = responses.map((r) =>
    columns.map((i) => (dichotomous ? r.scores[i]! / items[i]!.max : r.scores[i]!)),
  );
  const value = coefficientAlpha(rows);
  const method = dichotomous ? 'kr20' : 'alpha';
  return value === null ? figure('noSpread', method) : figure(null, method, value);
}
