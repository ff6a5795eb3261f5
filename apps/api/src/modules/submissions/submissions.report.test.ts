import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@vbuilder/shared';
import type { AssessmentRow } from '../../db/schema/index.ts';
import { translatorFor } from '../../i18n/index.ts';
import { PAGE_IMAGES_DIR, pdfText, savePageImage, squeeze } from '../../test/pdf.ts';
import { distribution, resultsReportPdf } from './submissions.report.ts';
import type { AssessmentResults, ResultRow } from './submissions.results.ts';

/**
 * The report in every language and script: each one is written to a PDF, its text extracted
 * with poppler's pdftotext (installed by .ci/run) and every title, subject, question and name
 * looked for intact: shaping that broke a cluster, a font without the script, or a ToUnicode /
 * ActualText that copies back wrong characters would all fail here. Page images for a person to
 * look at go to test-results/documents/ (outside git).
 */

/** Texts a teacher of each language would write: a title, a subject, questions and student names. */
const SAMPLES: Record<
  LanguageCode,
  { title: string; subject: string; questions: string[]; names: string[] }
> = {
  en: {
    title: 'End of term mathematics test',
    subject: 'Mathematics',
    questions: ['What is the sum of the angles of a triangle?', 'Solve 3x + 5 = 20.'],
    names: ['Olivia Bennett', 'James O’Connor'],
  },
  id: {
    title: 'Ujian akhir semester matematika',
    subject: 'Matematika',
    questions: ['Berapakah jumlah sudut sebuah segitiga?', 'Selesaikan persamaan 3x + 5 = 20.'],
    names: ['Siti Nurhaliza', 'Budi Santoso'],
  },
  ms: {
    title: 'Ujian akhir penggal matematik',
    subject: 'Matematik',
    questions: ['Berapakah hasil tambah sudut sebuah segi tiga?', 'Selesaikan 3x + 5 = 20.'],
    names: ['Nur Aisyah binti Ahmad', 'Muhammad Hafiz'],
  },
  vi: {
    title: 'Bài kiểm tra cuối kỳ môn Toán',
    subject: 'Toán học',
    questions: ['Tổng các góc của một tam giác bằng bao nhiêu?', 'Giải phương trình 3x + 5 = 20.'],
    names: ['Nguyễn Thị Hương', 'Trần Văn Đức'],
  },
  sw: {
    title: 'Mtihani wa mwisho wa muhula wa hisabati',
    subject: 'Hisabati',
    questions: ['Jumla ya pembe za pembetatu ni ngapi?', 'Tatua 3x + 5 = 20.'],
    names: ['Amani Mwangi', 'Zawadi Otieno'],
  },
  fil: {
    title: 'Pagsusulit sa matematika sa katapusan ng termino',
    subject: 'Matematika',
    questions: ['Ano ang kabuuan ng mga anggulo ng isang tatsulok?', 'Lutasin ang 3x + 5 = 20.'],
    names: ['Maria Santos', 'Juan dela Cruz'],
  },
  my: {
    title: 'သင်္ချာ စာမေးပွဲ နောက်ဆုံးအပိုင်း',
    subject: 'သင်္ချာ',
    questions: ['တြိဂံတစ်ခု၏ ထောင့်များ ပေါင်းလဒ်သည် မည်မျှနည်း။', 'ညီမျှခြင်းကို ဖြေရှင်းပါ။'],
    names: ['အောင်ကျော်မြင့်', 'နန္ဒာခင်'],
  },
  th: {
    title: 'แบบทดสอบคณิตศาสตร์ปลายภาค',
    subject: 'คณิตศาสตร์',
    questions: ['ผลรวมของมุมภายในรูปสามเหลี่ยมเท่ากับเท่าใด', 'จงแก้สมการ 3x + 5 = 20'],
    names: ['สมชาย ใจดี', 'กัญญารัตน์ ศรีสุข'],
  },
  ne: {
    title: 'अन्तिम त्रैमासिक गणित परीक्षा',
    subject: 'गणित',
    questions: ['त्रिभुजका कोणहरूको योगफल कति हुन्छ?', 'समीकरण हल गर्नुहोस्।'],
    names: ['सीता श्रेष्ठ', 'क्षितिज अधिकारी'],
  },
  km: {
    title: 'ការប្រឡងគណិតវិទ្យាចុងឆមាស',
    subject: 'គណិតវិទ្យា',
    questions: ['តើផលបូកមុំនៃត្រីកោណស្មើប៉ុន្មាន?', 'ដោះស្រាយសមីការ 3x + 5 = 20។'],
    names: ['សុខ ស្រីនាង', 'ចាន់ ស្រស់'],
  },
  zh: {
    title: '期末数学测验',
    subject: '数学',
    questions: ['三角形的内角和是多少度？', '解方程 3x + 5 = 20。'],
    names: ['王小明', '李静怡'],
  },
  bn: {
    title: 'বার্ষিক গণিত পরীক্ষা',
    subject: 'গণিত',
    questions: ['ত্রিভুজের তিন কোণের সমষ্টি কত?', 'সমীকরণটি সমাধান করো: 3x + 5 = 20'],
    names: ['রবীন্দ্র চক্রবর্তী', 'প্রিয়াঙ্কা দত্ত'],
  },
};

const NOW = new Date('2026-11-25T09:30:00Z');

function resultsOf(sample: {
  title: string;
  subject: string;
  questions: string[];
  names: string[];
}): AssessmentResults {
  const questions = sample.questions.map((text, i) => ({
    id: `q${i + 1}`,
    number: i + 1,
    text,
    type: i % 2 ? 'short-answers' : 'essay',
    max: 5,
  }));
  const rows: ResultRow[] = sample.names.map((name, i) => ({
    studentName: name,
    studentEmail: `student${i}@school.test`,
    attemptNumber: 1,
    submittedAt: new Date(NOW.getTime() - i * 3_600_000),
    status: i === 0 ? 'Submitted' : 'Pending',
    score: (8 + i * 3) % 11,
    maxScore: questions.length * 5,
    percentage: (((8 + i * 3) % 11) / (questions.length * 5)) * 100,
    passed: i === 0 ? true : null,
    marks: questions.map(() => ({ score: 4, max: 5, correct: false, markStatus: 'auto' as const })),
  }));
  return {
    assessment: {
      title: sample.title,
      subject: sample.subject,
      passMark: 60,
      totalMarks: questions.length * 5,
      startsAt: new Date('2026-11-20T02:00:00Z'),
      endsAt: new Date('2026-11-27T10:00:00Z'),
    } as AssessmentRow,
    assigned: rows.length + 1,
    figures: {
      submitted: rows.length,
      studentsSubmitted: rows.length,
      passed: 1,
      pendingMarking: 1,
      averagePercentage: 55,
      highestPercentage: 80,
      lowestPercentage: 50,
    },
    passRate: 50,
    questions,
    rows,
    facilities: questions.map((question) => ({ question, marked: 2, facility: 80, correctRate: 50 })),
    itemAnalysis: {
      responses: 12,
      pendingLeftOut: 1,
      earlierAttemptsLeftOut: 2,
      groupSize: 3,
      summary: { mean: 61.25, median: 60, standardDeviation: 18.4, lowest: 20, highest: 100 },
      reliability: {
        method: 'kr20',
        value: 0.6963,
        reason: null,
        responses: 12,
        questions: questions.map((q) => q.number),
        scoredQuestions: questions.length,
      },
      questions: questions.map((q, i) => ({
        ...q,
        responses: 12,
        facility: i === 0 ? 0.42 : 0.95,
        discrimination: i === 0 ? -0.12 : 0.35,
        upperLower: i === 0 ? -0.33 : 0.1,
        flags: i === 0 ? ['negativeDiscrimination', 'distractorAttractsTop'] : ['veryEasy'],
        // The first question as a choice question whose options are the students' names.
        options:
          i === 0
            ? sample.names.map((name, o) => ({
                id: `o${o}`,
                text: name,
                correct: o === 0,
                upper: o,
                lower: 3 - o,
                all: 6,
              }))
            : null,
        unanswered: i === 0 ? { upper: 0, lower: 1, all: 1 } : null,
      })),
    },
  };
}

describe('results report (PDF) in every language and script', () => {
  it('counts percentages in ten bands, 100 % in the last', () => {
    expect(distribution([0, 9.99, 10, 55, 100])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it.each(LANGUAGE_CODES)('%s: the reader’s words and the teacher’s texts print intact', async (language) => {
    const sample = SAMPLES[language];
    const pdf = await resultsReportPdf(resultsOf(sample), NOW, { language, timeZone: 'Asia/Bangkok' });
    const text = squeeze(pdfText(pdf, language));
    const t = translatorFor(language);
    for (const expected of [
      sample.title,
      sample.subject,
      ...sample.questions,
      ...sample.names,
      t('report:heading'),
      t('report:summary.title'),
      t('report:students.pending'),
      t(`questionTypes:types.essay.label`),
      t('report:itemAnalysis.title'),
      t('report:itemAnalysis.flags.negativeDiscrimination'),
      t('report:itemAnalysis.flagHelp.veryEasy'),
      t('report:itemAnalysis.options.noAnswer'),
    ])
      expect(text, `${language}: ${expected}`).toContain(squeeze(expected));
    // Subset fonts keep a report small: a 4-page report in any script is well under 300 kB.
    expect(pdf.length).toBeLessThan(300_000);
    savePageImage(pdf, language);
    console.log(`report ${language}: ${(pdf.length / 1024).toFixed(0)} kB, page image in ${PAGE_IMAGES_DIR}`);
  });

  it('mixes all twelve scripts in one English report (names and questions from every language)', async () => {
    const all = Object.values(SAMPLES);
    const pdf = await resultsReportPdf(
      resultsOf({
        title: `${SAMPLES.en.title} / ${SAMPLES.th.title}`,
        subject: SAMPLES.bn.subject,
        questions: all.map((s) => s.questions[0]!),
        names: all.map((s) => s.names[0]!),
      }),
      NOW,
      { language: 'en', timeZone: 'UTC' },
    );
    const text = squeeze(pdfText(pdf, 'mixed'));
    for (const s of all) {
      expect(text).toContain(squeeze(s.questions[0]!));
      expect(text).toContain(squeeze(s.names[0]!));
    }
    expect(text).toContain('Assessmentreport');
  });

  it('gives a pending attempt no total, like the exports, and leaves it out of the chart', async () => {
    const pdf = await resultsReportPdf(resultsOf(SAMPLES.en), NOW, { language: 'en', timeZone: 'UTC' });
    const text = pdfText(pdf, 'en-pending');
    expect(text).toMatch(/James O’Connor .+ – – Pending marking/);
    expect(text).toMatch(/Olivia Bennett .+ 8 \/ 10 80% Passed/);
  });

  it('prints the item analysis: summary, reliability, flags in words and the options chosen', async () => {
    const pdf = await resultsReportPdf(resultsOf(SAMPLES.en), NOW, { language: 'en', timeZone: 'UTC' });
    const text = pdfText(pdf, 'en-item-analysis');
    expect(text).toContain('Item analysis');
    expect(text).toContain('Left out: 1 waiting for marking, 2 earlier attempts.');
    expect(text).toMatch(/Attempts analysed\s+12\s+Mean\s+61\.25%\s+Median\s+60%/);
    expect(text).toMatch(/Standard deviation\s+18\.4%\s+Reliability\s+KR-20 0\.70/);
    expect(squeeze(text)).toContain(
      squeeze('1 What is the sum of the angles of a triangle? 42% -0.12 -0.33'),
    );
    expect(squeeze(text)).toContain(squeeze('2 Solve 3x + 5 = 20. 95% +0.35 +0.10 Very easy'));
    expect(squeeze(text)).toContain(squeeze('Weaker students did better: Weaker students did better than'));
    expect(squeeze(text)).toContain(squeeze('Wrong option attracts the top group: A wrong option'));
    expect(text).toMatch(/Olivia Bennett \(correct answer\) 0 3 6/);
    expect(text).toMatch(/No answer 0 1 1/);
  });

  it('shows dates in the reader’s language and zone, not ISO', async () => {
    const pdf = await resultsReportPdf(resultsOf(SAMPLES.th), NOW, {
      language: 'th',
      timeZone: 'Asia/Bangkok',
    });
    const text = pdfText(pdf, 'th-dates');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // 25 Nov 2026 16:30 in Bangkok, in the Thai Buddhist era (2569).
    expect(text).toContain('2569');
    expect(text).toContain('16:30');
  });
});
