import type { ReactNode } from 'react';
// Scaffold: replaced by the auth work in this session.
export function AuthProvider({ children }: { children: ReactNode }) {
  return children;
}
