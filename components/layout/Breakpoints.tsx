/**
 * The mobile breakpoint in CSS, generated from the one constant (MOBILE_BREAKPOINT) so that
 * `data-only="mobile"` / `data-only="desktop"` elements switch without JavaScript and without a flash.
 */
export function Breakpoints({ mobileBreakpoint }: { mobileBreakpoint: number }) {
  const css =
    `@media (min-width:${mobileBreakpoint}px){[data-only="mobile"]{display:none!important}}` +
    `@media (max-width:${mobileBreakpoint - 0.02}px){[data-only="desktop"]{display:none!important}` +
    `:root{--tabbar-offset:calc(var(--tabbar-height) + env(safe-area-inset-bottom))}}`;
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
