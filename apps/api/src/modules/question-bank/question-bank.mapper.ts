import type { BankCategory, BankQuestion, Question } from '@vbuilder/shared';
import type { BankQuestionWithAuthor, CategoryWithCount } from './question-bank.repository.ts';

export const toCategory = (row: CategoryWithCount): BankCategory => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  questionCount: row.questionCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toBankQuestion = (row: BankQuestionWithAuthor): BankQuestion => ({
  id: row.id,
  categoryId: row.categoryId,
  tags: row.tags,
  difficulty: row.difficulty as BankQuestion['difficulty'],
  question: row.question as Question,
  createdBy: row.createdBy ? { id: row.createdBy, name: row.authorName ?? '' } : null,
  linkedAssessments: Number(row.linkedAssessments),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
