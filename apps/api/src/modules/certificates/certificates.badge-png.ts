import { hexColor, lineWidth, Raster, wrapText, type Rgba } from '../../documents/index.ts';

/**
 * The Open Badge as an image, with the credential baked in (Open Badges 3.0, "Badge Baking",
 * PNG): an `iTXt` chunk whose keyword is `openbadgecredential`, uncompressed, with an empty
 * language tag and translated keyword, and the VC-JWT as its text. A wallet or a verifier that
 * is given the picture finds the credential inside and checks it as any other.
 *
 * The picture: a medal in the organization's template colours (or the default ones), the
 * organization's name above, the assessment's title in the middle and the year on a ribbon.
 */

export const BAKED_KEYWORD = 'openbadgecredential';
export const BADGE_SIZE = 512;

const WHITE: Rgba = [255, 255, 255, 255];
const INK: Rgba = [33, 38, 51, 255];

export interface BadgeImageInput {
  organizationName: string;
  assessmentTitle: string;
  year: number;
  primaryColor: string;
  accentColor: string;
  /** The holder's language, for shaping (Thai, Bengali …). */
  language?: string;
}

/** Draws the lines centred on x = cx, the first baseline at y, `gap` between baselines. */
function centred(raster: Raster, lines: ReturnType<typeof wrapText>, y: number, size: number, color: Rgba) {
  lines.forEach((line, i) =>
    raster.drawLine(line, (BADGE_SIZE - lineWidth(line, size)) / 2, y + i * size * 1.2, size, color),
  );
}

/** The largest size (down to `min`) at which the text takes at most `maxLines` lines. */
function fitted(
  text: string,
  weight: 'regular' | 'bold',
  sizes: number[],
  width: number,
  maxLines: number,
  language?: string,
) {
  for (const size of sizes) {
    const lines = wrapText(text, weight, size, width, language);
    if (lines.length <= maxLines) return { lines, size };
  }
  const size = sizes.at(-1)!;
  return { lines: wrapText(text, weight, size, width, language).slice(0, maxLines), size };
}

export function drawBadgeImage(input: BadgeImageInput): Raster {
  const raster = new Raster(BADGE_SIZE, BADGE_SIZE);
  const primary = hexColor(input.primaryColor, [31, 58, 95, 255]);
  const accent = hexColor(input.accentColor, [184, 134, 11, 255]);
  const c = BADGE_SIZE / 2;
  raster.fillCircle(c, c, 246, primary);
  raster.fillCircle(c, c, 232, accent);
  raster.fillCircle(c, c, 224, primary);
  raster.fillCircle(c, c, 196, WHITE);

  // 230 px: the white disc's chord where a second line of the name sits (about 100 px from the top
  // of the disc); wider lines would run into the ring.
  const organization = fitted(input.organizationName, 'regular', [24, 21, 18, 16], 230, 2, input.language);
  centred(
    raster,
    organization.lines,
    150 - (organization.lines.length - 1) * organization.size * 1.2,
    organization.size,
    primary,
  );

  const title = fitted(input.assessmentTitle, 'bold', [40, 34, 30, 26, 22, 19], 330, 3, input.language);
  const titleHeight = (title.lines.length - 1) * title.size * 1.2;
  centred(raster, title.lines, 268 - titleHeight / 2 + title.size * 0.35, title.size, INK);

  // The ribbon across the lower part, with the year.
  raster.fillPolygons(
    [
      [
        [60, 352],
        [452, 352],
        [432, 381],
        [452, 410],
        [60, 410],
        [80, 381],
      ],
    ],
    accent,
  );
  const year = wrapText(String(input.year), 'bold', 26, 300);
  centred(raster, year, 390, 26, WHITE);
  return raster;
}

/** The iTXt chunk's data: keyword, NUL, no compression (0, 0), empty language tag and translated keyword, the text. */
function itxt(keyword: string, text: string): Uint8Array {
  return Buffer.concat([
    Buffer.from(keyword, 'latin1'),
    Buffer.from([0, 0, 0, 0, 0]),
    Buffer.from(text, 'utf8'),
  ]);
}

/** The badge's PNG with the credential (a VC-JWT) baked in. */
export function bakedBadgePng(input: BadgeImageInput, credential: string): Buffer {
  return drawBadgeImage(input).toPng([{ type: 'iTXt', data: itxt(BAKED_KEYWORD, credential) }]);
}
