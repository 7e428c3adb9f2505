/**
 * The document's own members, whatever the host's markup is named: a document answers a name
 * before its prototype does, so `<img name="cookie">` makes `document.cookie` that image and
 * `<form name="createElement">` hides the method. Read here from the document's prototype chain,
 * with the document as `this`; not through the global `Document`, which MooTools replaces.
 * Every document member the widget reads goes through this (docs/SECURITY.md, host DOM).
 */
export const fromDocument = <K extends keyof Document>(doc: Document, key: K): Document[K] =>
  Reflect.get(Object.getPrototypeOf(doc), key, doc)
