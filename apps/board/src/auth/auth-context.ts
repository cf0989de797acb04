import { createContext, useContext } from 'react';
import type { AuthService } from './auth-service.ts';

export const AuthContext = createContext<AuthService | null>(null);

export function useAuth(): AuthService {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs the AuthProvider');
  return auth;
}
