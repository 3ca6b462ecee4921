/** Reloads the whole page: My Edits' Try Again (001 §2 "a Try Again button that reloads the page"). */
export function reloadPage(): void {
  window.location.reload();
}
