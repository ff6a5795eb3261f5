/** docs/product/screens.md: the question examples page (a child of Question Types in the side menu). */
export const EXAMPLES_PATH = '/account/questiontype/questionexamples';
