/**
 * Preact build stand-in for `@preact/signals-react/runtime`.
 * Under Preact, `@preact/signals` tracks signal reads in components by itself, so the
 * `useSignals()` call that real React needs (without the Babel transform) is a no-op here.
 */
export function useSignals(): void {}
