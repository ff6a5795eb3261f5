/**
 * The question bank of an organization (apps/api/src/modules/question-bank/README.md). Its
 * teachers and administrators read and write it (routes declare the roles); every query is scoped
 * to the actor's own organization, and another organization's ids answer 404 like missing ones.
 * This file is what other modules and the routes use of the bank; the work is in the files below.
 */
export { questionBankContext, type QuestionBankContext } from './bank-common.ts';
export {
  createBankCategory,
  deleteBankCategory,
  ensureCategoryPath,
  listBankCategories,
  updateBankCategory,
} from './bank-categories.ts';
export {
  bankQuestionLinks,
  createBankQuestion,
  deleteBankQuestionById,
  getBankQuestion,
  listBankAuthors,
  listBankQuestionsFor,
  listBankTags,
  updateBankQuestionById,
} from './bank-questions.ts';
export { addToAssessment, drawPool, saveFromAssessment } from './bank-assessments.ts';
export {
  bankQuestionsForExport,
  importIntoBank,
  type BankExportItem,
  type BankImportItem,
} from './bank-interchange.ts';
