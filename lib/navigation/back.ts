/** SPEC section 2: on mobile, a back button when not on home and a previous route exists. */
export function shouldShowBack(path: string, prevRoute: string | null): boolean {
  return path !== '/' && prevRoute !== null;
}

/** Back goes to the previous page, or to the index when there is no history to go back to. */
export function backAction(prevRoute: string | null, historyLength: number): 'history' | 'home' {
  return prevRoute !== null && historyLength > 1 ? 'history' : 'home';
}
