/**
 * A second minification pass over esbuild's output, with terser. esbuild minifies fast but
 * leaves bytes behind (its renaming and folding are single-pass); terser's pass saves a few
 * per cent of each footer bundle's brotli bytes, for about a second per bundle at build time. It only shrinks: `ecma: 2017` keeps it from writing syntax newer than the targets
 * (esbuild has lowered everything before), and the syntax guard checks its output. The one
 * comment that survives is V8's compile hint (build/product/build.ts COMPILE_HINT), and function
 * expressions passed as arguments stay in parentheses, V8's other hint.
 */
import { minify } from 'terser'

export async function terserPass(code: string): Promise<string> {
  const result = await minify(code, {
    ecma: 2017,
    safari10: true,
    // A second pass folds what the first one exposed; a third finds nothing more.
    compress: { passes: 2 },
    mangle: true,
    // wrap_func_args keeps the deferred function parenthesised (build/product/build.ts DEFERRED_START).
    format: { comments: /^# allFunctionsCalledOnLoad$/, wrap_func_args: true },
  })
  if (result.code === undefined) throw new Error('terser returned no code')
  return result.code
}
