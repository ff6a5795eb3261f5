import { rgb, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { fillCertificateBody, type LanguageCode } from '@vbuilder/shared';
import { A4_LANDSCAPE, DocumentWriter, MUTED } from '../../documents/index.ts';
import { formatDate, formatNumber, translatorFor } from '../../i18n/index.ts';

/**
 * The certificate (PDF, A4 landscape) laid out with the document module, so the holder's name,
 * the assessment and the organization print in whatever script they are written in: a double
 * frame in the template's colours, the logo, the title, the holder's name, the template's body
 * with its placeholders filled, the signatory, the date, and at the foot the code, a QR code of
 * the public verification page and that page's address printed. A revoked certificate is stamped.
 */

export interface CertificateDocument {
  code: string;
  holderName: string;
  assessmentTitle: string;
  organizationName: string;
  percentage: number | null;
  issuedAt: Date;
  revoked: boolean;
  verificationUrl: string;
  /** The language of the fixed words and of the date (the holder's). */
  language: LanguageCode;
  template: {
    title: string;
    body: string;
    signatoryName: string;
    signatoryTitle: string;
    primaryColor: string;
    accentColor: string;
    /** The logo's bytes (PNG or JPEG), if the template has one. */
    logo: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
  };
}

const hexColor = (hex: string): RGB => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const INK = rgb(0.12, 0.13, 0.16);
const REVOKED = rgb(0.72, 0.2, 0.18);

/** The QR code's dark modules as rectangles (a vector image: sharp at any zoom and in print). */
function drawQr(w: DocumentWriter, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + 2 * quiet);
  w.page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      w.page.drawRectangle({
        x: x + (quiet + start) * cell,
        y: y + size - (quiet + row + 1) * cell,
        // A hair wider and taller so neighbouring runs leave no seams when rendered.
        width: (col - start) * cell + 0.05,
        height: cell + 0.05,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** Lines centred on `centerX` from `top` down; returns the y below the last one. */
function centred(
  w: DocumentWriter,
  text: string,
  centerX: number,
  top: number,
  width: number,
  options: { size: number; bold?: boolean; color?: RGB; leading?: number },
): number {
  return centredLines(w, w.wrap(text, options.size, width, options.bold), centerX, top, options);
}

function centredLines(
  w: DocumentWriter,
  lines: string[],
  centerX: number,
  top: number,
  options: { size: number; bold?: boolean; color?: RGB; leading?: number },
): number {
  let y = top;
  for (const line of lines) {
    const height = w.lineHeight(line || 'x', options.size, options.bold) * (options.leading ?? 1.25);
    const lineWidth = w.measure(line, options.size, options.bold);
    w.cell(line, centerX - lineWidth / 2, y - height * 0.78, lineWidth + 1, {
      size: options.size,
      bold: options.bold ?? false,
      color: options.color ?? INK,
    });
    y -= height;
  }
  return y;
}

/** Where the foot's signature and date lines are drawn, and the top of the space the foot takes. */
const FOOT_LINE = 118;
const FOOT_TOP = 150;

interface Block {
  text: string;
  size: number;
  bold?: boolean;
  color: RGB;
  /** The widest a line may be. */
  width: number;
  leading?: number;
}

/**
 * The block's lines, balanced: as many lines as the full width needs, each about as long as the
 * others (a centred paragraph whose last line holds a single word looks broken).
 */
function balancedLines(w: DocumentWriter, block: Block): string[] {
  const lines = w.wrap(block.text, block.size, block.width, block.bold);
  if (lines.length < 2) return lines;
  let low = block.width / lines.length;
  let high = block.width;
  let best = lines;
  while (high - low > 2) {
    const mid = (low + high) / 2;
    const attempt = w.wrap(block.text, block.size, mid, block.bold);
    if (attempt.length <= lines.length) {
      best = attempt;
      high = mid;
    } else {
      low = mid;
    }
  }
  return best;
}

const lineHeightOf = (w: DocumentWriter, block: Block, line: string) =>
  w.lineHeight(line || 'x', block.size, block.bold) * (block.leading ?? 1.25);

function blockHeight(w: DocumentWriter, block: Block): number {
  return balancedLines(w, block).reduce((sum, line) => sum + lineHeightOf(w, block, line), 0);
}

/** Draws the block's lines centred on `centerX` from `top` down; returns the y below the last one. */
function drawBlock(w: DocumentWriter, block: Block, centerX: number, top: number): number {
  return centredLines(w, balancedLines(w, block), centerX, top, block);
}

/** The largest size up to `max` at which `text` fits on one line of `width` (never under `min`). */
function fittingSize(w: DocumentWriter, text: string, width: number, max: number, min: number, bold = true) {
  let size = max;
  while (size > min && w.measure(text, size, bold) > width) size -= 1;
  return size;
}

export async function renderCertificatePdf(c: CertificateDocument): Promise<Buffer> {
  const t = translatorFor(c.language);
  const w = await DocumentWriter.create({
    title: t('certificates:pdf.documentTitle', { assessment: c.assessmentTitle }),
    subject: c.holderName,
    language: c.language,
    createdAt: c.issuedAt,
    margin: 56,
    pageSize: A4_LANDSCAPE,
  });
  const [pageWidth, pageHeight] = A4_LANDSCAPE;
  const primary = hexColor(c.template.primaryColor);
  const accent = hexColor(c.template.accentColor);
  const page = w.page;

  // Frame: a broad band in the primary colour, a fine accent line inside it.
  page.drawRectangle({
    x: 18,
    y: 18,
    width: pageWidth - 36,
    height: pageHeight - 36,
    borderColor: primary,
    borderWidth: 7,
  });
  page.drawRectangle({
    x: 30,
    y: 30,
    width: pageWidth - 60,
    height: pageHeight - 60,
    borderColor: accent,
    borderWidth: 1.2,
  });

  const centerX = pageWidth / 2;
  const textWidth = pageWidth - 2 * 110;
  const date = formatDate(c.issuedAt, c.language);
  const score =
    c.percentage === null
      ? ''
      : formatNumber(c.percentage / 100, c.language, { style: 'percent', maximumFractionDigits: 1 });
  const body = fillCertificateBody(c.template.body, {
    student: c.holderName,
    assessment: c.assessmentTitle,
    score,
    date,
    organization: c.organizationName,
  });

  // The middle block (logo, title, rule, name, body) is measured first, then centred between the
  // top of the frame and the foot, so a short text does not leave a gap under it.
  const top = pageHeight - (c.revoked ? 66 : 52);
  const bottom = FOOT_TOP;
  const logo = c.template.logo
    ? c.template.logo.type === 'image/png'
      ? await w.doc.embedPng(c.template.logo.bytes)
      : await w.doc.embedJpg(c.template.logo.bytes)
    : null;
  const logoScale = logo ? Math.min(150 / logo.width, 56 / logo.height) : 0;
  const logoHeight = logo ? logo.height * logoScale + 16 : 0;
  const title: Block = {
    text: c.template.title,
    size: fittingSize(w, c.template.title, textWidth, 30, 18),
    bold: true,
    color: primary,
    width: textWidth,
  };
  const name: Block = {
    text: c.holderName,
    size: fittingSize(w, c.holderName, textWidth, 32, 16),
    bold: true,
    color: INK,
    width: textWidth,
  };
  const RULE_GAP = 30;
  const NAME_GAP = 14;
  let paragraph: Block = { text: body, size: 15, color: INK, width: textWidth - 60, leading: 1.5 };
  const fixedHeight = () => logoHeight + blockHeight(w, title) + RULE_GAP + blockHeight(w, name) + NAME_GAP;
  // A long body gets smaller before it reaches the foot.
  while (paragraph.size > 10 && fixedHeight() + blockHeight(w, paragraph) > top - bottom) {
    paragraph = { ...paragraph, size: paragraph.size - 1 };
  }
  const total = fixedHeight() + blockHeight(w, paragraph);
  let y = top - Math.max(0, (top - bottom - total) / 2);

  if (logo) {
    const width = logo.width * logoScale;
    const height = logo.height * logoScale;
    page.drawImage(logo, { x: centerX - width / 2, y: y - height, width, height });
    y -= logoHeight;
  }
  y = drawBlock(w, title, centerX, y);
  page.drawLine({
    start: { x: centerX - 60, y: y - 8 },
    end: { x: centerX + 60, y: y - 8 },
    thickness: 1.5,
    color: accent,
  });
  y -= RULE_GAP;
  y = drawBlock(w, name, centerX, y);
  y -= NAME_GAP;
  drawBlock(w, paragraph, centerX, y);

  // The foot: signatory on the left, the date on the right, the QR code and its address between.
  const footY = FOOT_LINE;
  const columnWidth = 200;
  const leftX = 80;
  const rightX = pageWidth - 80 - columnWidth;
  // Without a signatory, the organization stands in its place, so the foot stays balanced.
  const signatory = [c.template.signatoryName, c.template.signatoryTitle].filter((s) => s.trim());
  const signature = signatory.length ? signatory : [c.organizationName, t('certificates:pdf.issuer')];
  if (signature.length) {
    page.drawLine({
      start: { x: leftX, y: footY },
      end: { x: leftX + columnWidth, y: footY },
      thickness: 0.8,
      color: MUTED,
    });
    let sy = footY - 4;
    for (const [index, line] of signature.entries()) {
      sy = centred(w, line, leftX + columnWidth / 2, sy, columnWidth, {
        size: index === 0 ? 11 : 9.5,
        bold: index === 0,
        color: index === 0 ? INK : MUTED,
        leading: 1.2,
      });
    }
  }
  page.drawLine({
    start: { x: rightX, y: footY },
    end: { x: rightX + columnWidth, y: footY },
    thickness: 0.8,
    color: MUTED,
  });
  const dateBottom = centred(w, date, rightX + columnWidth / 2, footY - 4, columnWidth, {
    size: 11,
    bold: true,
    leading: 1.2,
  });
  centred(w, t('certificates:pdf.date'), rightX + columnWidth / 2, dateBottom, columnWidth, {
    size: 9.5,
    color: MUTED,
    leading: 1.2,
  });

  const qrSize = 78;
  const qrY = 52;
  drawQr(w, c.verificationUrl, centerX - qrSize / 2, qrY + 14, qrSize);
  centred(w, t('certificates:pdf.code', { code: c.code }), centerX, qrY + 12, 360, {
    size: 7.5,
    color: MUTED,
    leading: 1.15,
  });
  // The address beside the label, in one line: short enough for a 32-character code.
  const verifyLine = `${t('certificates:pdf.verify')} ${c.verificationUrl}`;
  centred(w, verifyLine, centerX, qrY + 1, 520, { size: 7.5, color: MUTED, leading: 1.15 });

  if (c.revoked) {
    // A red band across the top, above the text: plain to see, and it hides nothing.
    const label = t('certificates:pdf.revoked');
    const bandHeight = 26;
    page.drawRectangle({
      x: 31,
      y: pageHeight - 31 - bandHeight,
      width: pageWidth - 62,
      height: bandHeight,
      color: REVOKED,
    });
    const size = fittingSize(w, label, pageWidth - 100, 14, 8);
    const width = w.measure(label, size, true);
    const height = w.lineHeight(label, size, true);
    w.cell(label, centerX - width / 2, pageHeight - 31 - bandHeight / 2 - height * 0.3, width + 2, {
      size,
      bold: true,
      color: rgb(1, 1, 1),
    });
  }

  return w.save();
}
