// Scaffold: replaced by the shell work in this session.
export function AppErrorScreen() {
  return null;
}
