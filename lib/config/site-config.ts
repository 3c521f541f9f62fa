/** The settings the browser needs, passed down from the server's environment. */
export interface SiteConfig {
  messengerUrl: string;
  analyticsCounterId: string | null;
  mobileBreakpoint: number;
}
