/** The search parameter that opens the give dialog preset to an assessment: ?give=<assessmentId>. */
export const GIVE_PARAM = 'give';
