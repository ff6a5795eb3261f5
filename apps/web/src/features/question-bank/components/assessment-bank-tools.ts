import { ExportAssessment, ImportIntoAssessment } from './assessment-transfer-tools.tsx';
import { AddFromBank } from './bank-picker.tsx';
import { DrawRulesEditor } from './draw-rules-editor.tsx';
import { SaveToBank } from './save-to-bank.tsx';

/** The question bank's parts of the assessment editor (EditAssessmentScreen's `bank`), given by the route. */
export const assessmentBankTools = {
  AddFromBank,
  SaveToBank,
  DrawRules: DrawRulesEditor,
  ImportQuestions: ImportIntoAssessment,
  ExportQuestions: ExportAssessment,
};
