import { describe, expect, it } from 'vitest';
import { askedCount } from './asked-count.ts';

describe('askedCount: the number of questions a teacher wrote in their message', () => {
  it.each<[string, number | null]>([
    ['Write 10 questions about photosynthesis', 10],
    ['Please make 5 Questions, easy ones', 5],
    ['I need 12 items for the quiz', 12],
    ['Buat 8 soal tentang fotosintesis', 8],
    ['Tolong buat 6 soalan', 6],
    ['Tạo 10 câu hỏi về quang hợp', 10],
    ['Gumawa ng 7 tanong', 7],
    ['Andika maswali 4 kuhusu mimea', 4],
    ['ออกคำถาม ๑๐ ข้อ', 10],
    ['ออกข้อสอบ 15 ข้อ', 15],
    ['请出10道题', 10],
    ['出 3 个问题', 3],
    ['१० प्रश्न बनाउनुहोस्', 10],
    ['১০টি প্রশ্ন তৈরি করুন', 10],
    ['សំណួរ ៥', 5],
    ['မေးခွန်း ၈ ခု', 8],
    // No count of questions: nothing to compare.
    ['Questions from chapter 5 please', null],
    ['Make a quiz for grade 7', null],
    ['Some questions please', null],
    ['', null],
    // Two different numbers: cannot tell which one is meant.
    ['3 questions on plants and 4 questions on animals', null],
  ])('%j → %s', (text, expected) => {
    expect(askedCount(text)).toBe(expected);
  });
});
