/**
 * The event a page React hydrates sends on the document as React commits it
 * (app/components/layout/react-takes-over.tsx): this folder's script, which
 * served the page until the visitor's first intent, gives its elements back
 * to React's components, which enhance them again.
 */
export const REACT_TAKES_OVER = "app:react-takes-over";
