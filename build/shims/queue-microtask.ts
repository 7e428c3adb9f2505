/**
 * Stands in for the global `queueMicrotask` in every bundle (esbuild `inject`, esbuild.config.ts),
 * so library code that calls it (@preact/signals schedules effects with it) runs on the browser
 * floor, where Safari 12.0 and iOS 12.0-12.1 lack it: one copy of the library, and the host
 * page's globals untouched. A resolved promise's reaction is a microtask too; an error thrown by
 * the callback ends as an unhandled rejection instead of an uncaught error.
 */
const resolved = Promise.resolve()

export function queueMicrotask(callback: () => void): void {
  void resolved.then(callback)
}
