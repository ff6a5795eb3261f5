import { useMutation } from '@tanstack/react-query';
import {
  RegradePreviewSchema,
  RegradeSchema,
  type ApplyRegradeInput,
  type RegradeRequestInput,
} from '@vbuilder/shared';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys, submissionKeys } from '../../../lib/query-keys.ts';

export interface PreviewRegradeVariables {
  assessmentId: string;
  body: RegradeRequestInput;
}

export const previewRegrade = ({ assessmentId, body }: PreviewRegradeVariables) =>
  api.post(`/assessments/${encodeURIComponent(assessmentId)}/regrades/preview`, body, RegradePreviewSchema);

/** POST /assessments/:id/regrades/preview: the dry run (nothing changes). The screen shows its errors. */
export const usePreviewRegrade = () => useMutation({ mutationFn: previewRegrade, meta: { silent: true } });

export interface ApplyRegradeVariables {
  assessmentId: string;
  body: ApplyRegradeInput;
}

export const applyRegrade = ({ assessmentId, body }: ApplyRegradeVariables) =>
  api.post(`/assessments/${encodeURIComponent(assessmentId)}/regrades`, body, RegradeSchema);

/**
 * POST /assessments/:id/regrades with the preview's token. Scores change: the lists, figures, item
 * analysis, marking views, attempt details and the dashboard's results are read again.
 */
export const useApplyRegrade = (assessmentId: string) =>
  useMutation({
    mutationFn: applyRegrade,
    meta: {
      silent: true,
      invalidates: [submissionKeys.ofAssessment(assessmentId), submissionKeys.details(), dashboardKeys.all],
    },
  });
