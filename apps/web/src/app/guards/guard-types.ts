/** Where the visitor is going; the part of a URL guards decide on. */
export interface GuardLocation {
  pathname: string;
  search: string;
}

/** A guard answers with a path to redirect to, or null to let the visit through. */
export type GuardRedirect = string | null;
