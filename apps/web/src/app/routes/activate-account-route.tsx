// Scaffold: replaced by the route's real screen in this session's work.
export function Component() {
  return null;
}
