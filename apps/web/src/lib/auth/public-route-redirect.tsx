// Scaffold: replaced by the auth work in this session.
export function PublicRouteRedirect() {
  return null;
}
