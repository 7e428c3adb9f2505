/// <reference types="react" />
/**
 * React's API as @types/react declares it, for the types of the runtime layer (src/shims/react.ts).
 * A global script, because only a script may read @types/react's global namespace: in the type
 * check `react` itself resolves to the runtime layer.
 */
type ReactApi = typeof React
