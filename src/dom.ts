/**
 * The document's own members, whatever the host's markup is named: a document answers a name
 * before its prototype does, so `<img name="cookie">` makes `document.cookie` that image and
 * `<form name="createElement">` hides the method. Read here from the document's prototype chain,
 * with the document as `this`; not through the global `Document`, which MooTools replaces.
 * Every document member the widget reads goes through this (docs/SECURITY.md, host DOM).
 */
export const fromDocument = <K extends keyof Document>(doc: Document, key: K): Document[K] =>
  Reflect.get(Object.getPrototypeOf(doc), key, doc)

/**
 * Whether the page's focus is nowhere in particular (none, or the body): only then may the widget
 * move it. Both read through the prototype: `<img name="activeElement">` or `<img name="body">`
 * would otherwise keep the widget from ever moving the focus.
 */
export const focusIsFree = (doc: Document): boolean => {
  const active = fromDocument(doc, 'activeElement')
  return !active || active === fromDocument(doc, 'body')
}

/** Whether `element` has the focus, asked of its own root: a shadow root, or its document as above. */
export const hasFocus = (element: Element): boolean =>
  fromDocument(element.getRootNode() as Document, 'activeElement') === element
