/** docs/product/states.md, docs/product/limits.md: refetch the profile 750 ms after a new image, close the edit dialog 1 s after saving. */
export const PROFILE_REFETCH_DELAY_MS = 750;
export const EDIT_DIALOG_CLOSE_DELAY_MS = 1000;
