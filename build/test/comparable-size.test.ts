/**
 * The comparable size (build/product/comparable-size.ts): the figure `npm run size` compares with
 * the recorded one. Renaming alone never moves it; code does, down to a few bytes.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { minify } from 'terser'
import { comparableSize, nameFree } from '../product/comparable-size.ts'

/** A module shaped like the bundles: an IIFE with locals, parameters, globals and properties. */
const SOURCE = `(function () {
  var items = [];
  function add(item, weight) {
    var entry = { item: item, weight: weight, seen: Date.now() };
    items.push(entry);
    return entry;
  }
  function heaviest() {
    var best = null;
    outer: for (var i = 0; i < items.length; i++) {
      for (var j = 0; j < i; j++) if (items[j].weight === items[i].weight) continue outer;
      if (!best || items[i].weight > best.weight) best = items[i];
    }
    return best;
  }
  try { add(document.title, 1) } catch (error) { console.warn(error) }
  var { item, ...others } = heaviest() || {};
  window.__probe = { add: add, heaviest: heaviest, item, others, count: () => items.length };
})();`

/** The same code minified with other names: terser's own, and names counted up from "z". */
async function minified(names?: (n: number) => string): Promise<string> {
  const result = await minify(SOURCE, {
    compress: false,
    mangle: names ? { nth_identifier: { get: names } } : true,
  })
  return result.code!
}

test('local names, parameters and labels become one name; globals and properties keep theirs', () => {
  const text = nameFree(
    'function f(a,b){var c=a.length+b;x:for(;;){if(c)break x}return document.title+c+Object}',
  )
  assert.is(
    text,
    'function _(_,_){var _=_.length+_;_:for(;;){if(_)break _}return document.title+_+Object}',
  )
})

test('destructuring, rest, defaults, catch, classes and shorthand properties', () => {
  assert.is(
    nameFree('let {a,b:[c,...d]}=e,f=(g=1,...h)=>({g,h});class K{m(n){return n}}try{}catch(p){}'),
    'let {a:_,b:[_,..._]}=e,_=(_=1,..._)=>({g:_,h:_});class _{m(_){return _}}try{}catch(_){}',
  )
})

test("the preview's file name and integrity, hashes of its bytes, do not count", () => {
  const loader = (hash: string, sri: string) =>
    `var a=new URL("preview.${hash}.js",b).href;c.setAttribute("integrity","sha256-${sri}")`
  assert.is(
    nameFree(loader('078186fab4', 'snq2ORksUZ6yDmSoq3vYKEx6Xz/6TJcf4S91F+fK6Yp=')),
    nameFree(loader('da8db57ff8', 'NufbKDoEEvYDfIZ3To7GlJS6NDFV0TqkL6XWEnF3CkQ=')),
  )
})

test('the same code under other names has the same figure; its raw brotli bytes differ', async () => {
  const terserNames = await minified()
  const countedNames = await minified((n) => `z${n.toString(36)}`)
  assert.is.not(terserNames, countedNames)
  assert.is(nameFree(terserNames), nameFree(countedNames))
  assert.is(await comparableSize(terserNames), await comparableSize(countedNames))
})

test('a few bytes of new code move the figure', async () => {
  const before = await comparableSize(await minified())
  const changed = await minify(
    SOURCE.replace('seen: Date.now()', 'seen: Date.now(), by: navigator.language'),
    {
      compress: false,
    },
  )
  assert.ok((await comparableSize(changed.code!)) > before)
})

test.run()
