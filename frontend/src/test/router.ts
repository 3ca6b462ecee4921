/**
 * Where the router is, or is going. A page is loaded on demand: while its module loads, the router
 * keeps the old location and names the new one as its navigation's, and on a busy machine that
 * load takes a while (issue 25). A test of "goes to /x" checks where the app sent the visitor.
 */
export function destination(router: { state: { location: { pathname: string }; navigation: { location?: { pathname: string } } } }): string {
  return router.state.navigation.location?.pathname ?? router.state.location.pathname;
}
