import { createContext, use } from 'react';
import { Navigate, type To } from 'react-router';

// Told of every redirect a page renders while the server draws it: such a page is not drawn
// (the browser renders it and follows the redirect), since a drawn redirect is an empty page.
const DrawnRedirects = createContext<((to: To) => void) | null>(null);
export const DrawnRedirectsProvider = DrawnRedirects;

/** Sends the visitor on, replacing the current entry: the app's one way to redirect while rendering. */
export function Redirect({ to }: { to: To }) {
  use(DrawnRedirects)?.(to);
  return <Navigate to={to} replace />;
}
