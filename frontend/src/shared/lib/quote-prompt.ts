/**
 * How a prompt is shown in quotes (issue 15: quotes rendered once): the one rule the server also
 * uses for a share page's title, kept with the page meta both sides read (backend
 * shared/http/shared-with-client/page-meta.ts).
 */
export { quotePrompt, stripOuterQuotes } from '@page-meta/page-meta';
