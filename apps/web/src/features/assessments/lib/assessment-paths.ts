/**
 * Addresses of the assessment screens (docs/product/screens.md). `userId` is the signed-in person's id, which the
 * addresses carry; the screens read whose data it is from the session, not from it.
 */
export const assessmentPaths = {
  list: (userId: string) => `/account/questions/${userId}`,
  create: (userId: string) => `/account/questions/${userId}/new`,
  take: (userId: string, id: string) => `/account/user/${userId}/quiz/${id}`,
  retake: (userId: string, id: string) => `/account/user/${userId}/quiz/${id}/redo`,
  results: (userId: string, id: string) => `/account/user/${userId}/quiz/${id}/my-results`,
  submissions: (userId: string, id: string) => `/account/questions/${userId}/quiz/${id}/submissions`,
  view: (userId: string, id: string) => `/account/user/questions/${userId}/quiz/${id}/view`,
  edit: (userId: string, id: string) => `/account/user/questions/${userId}/quiz/${id}/edit`,
};
