/**
 * Shipped library code rewritten at build time. Each patch names the exact text it replaces; the
 * build fails when a library update changes that text, so the patch is looked at again rather
 * than silently lost. What each protects or saves and what an upgrade costs:
 * docs/decisions/2026-11-29-library-patches.md (a new patch gets a row there). The React build goes through the same plugin (it shares superstruct and
 * the signals core).
 *
 * Patched built-ins (README, "Any host page"): Prototype 1.7.3 deletes `Array.prototype.entries` and
 * replaces `Array.from`; MooTools 1.4.5 with its 1.2 compatibility layer replaces
 * `Function.prototype.bind` with one that drops call-time arguments. Both load before the widget,
 * so a native copied at our start-up would already be the patched one: the code is changed to
 * plain loops and closures instead. Left alone, because the widget never reaches them:
 * preact/compat's `createFactory` and redaxios' `spread` (partial `bind`); `bind` with only a
 * `this` keeps working under MooTools.
 *
 * HTML attribute names in XHTML: React writes some HTML attributes in camelCase (`autoComplete`,
 * `tabIndex`, `srcSet`), and Preact sets a prop that is not a DOM property of that exact name with
 * `setAttribute(name)`. An HTML document lowercases the name of an HTML element's attribute; an
 * XHTML document (application/xhtml+xml) keeps it, and the browser ignores `autoComplete`: the
 * e-mail field loses its autofill hint, the honeypot enters the tab order, `<source srcSet>` is
 * never chosen. Preact's one place that sets attributes lowercases those names itself, so every
 * document gets what an HTML document does, for the whole widget, while the source stays plain
 * React; SVG and MathML attributes (`viewBox`) keep their case as before.
 *
 * Cookies as headers: redaxios copies a cookie into a header on every request (its XSRF
 * defaults, both names unset, turn a cookie named `undefined` into an `undefined:` header). The
 * widget's calls send no cookie as a header, so that step is removed (src/api/client.ts).
 *
 * A polluted Object.prototype: redaxios merges configs with for-in into `{}` and starts its own
 * headers as `{}`, so whatever a host page's query parser wrote into Object.prototype (baseURL,
 * auth, a header name) would join every request. Both start without a prototype; the client
 * hands it only such objects (src/api/client.ts).
 *
 * Document methods: host markup named like one (`<img name="createTextNode">`) makes
 * `document.createTextNode` that element, and Preact creates every node through `document`; it
 * reaches the methods through the document's prototype instead, as the widget's own code does
 * (src/dom.ts).
 */
import type * as esbuild from 'esbuild'
import { readFile } from 'node:fs/promises'

export interface LibraryPatch {
  /** The file, by its path under node_modules. */
  file: string
  find: string
  replace: string
  /** Why, in a few words (shown when the patch no longer applies). */
  why: string
  /** Left out of the React build, whose runtime (@preact/signals-react) uses what the patch removes. */
  notForReact?: boolean
}

/**
 * Preact's text and element creation past host markup named like them (src/dom.ts tells why):
 * elements from the document's prototype, text nodes by the window's `Text` constructor (the
 * window's own property, which no markup shadows). preact/compat's Suspense also calls
 * `document.createElement`; the widget has no Suspense.
 */
const DOCUMENT_METHODS_FROM_PROTOTYPE =
  'return new Text(k);u=Object.getPrototypeOf(document).createElementNS.call(document,o,x,k.is&&k)'

export const LIBRARY_PATCHES: LibraryPatch[] = [
  {
    file: 'superstruct/dist/index.mjs',
    find: 'for (const [i, v] of value.entries()) {',
    replace: 'for (let i = 0, v; i < value.length; i++) { v = value[i];',
    why: 'array() iterates Array.prototype.entries, which Prototype deletes',
  },
  // superstruct as the widget uses it: validate and is, no coercion, no masking (the footer
  // bundles carry only what they run). A call of struct.assert/create/mask then fails loudly.
  {
    file: 'superstruct/dist/index.mjs',
    find: `    /**
     * Assert that a value passes the struct's validation, throwing if it doesn't.
     */
    assert(value, message) {
        return assert(value, this, message);
    }
    /**
     * Create a value with the struct's coercion logic, then validate it.
     */
    create(value, message) {
        return create(value, this, message);
    }
`,
    replace: '',
    why: 'Struct#assert and #create: the widget validates without them',
  },
  {
    file: 'superstruct/dist/index.mjs',
    find: `    mask(value, message) {
        return mask(value, this, message);
    }
`,
    replace: '',
    why: 'Struct#mask: the widget never masks',
  },
  {
    file: 'superstruct/dist/index.mjs',
    find: `    if (coerce) {
        value = struct.coercer(value, ctx);
    }
`,
    replace: '',
    why: 'coercion: the widget never coerces',
  },
  {
    file: 'superstruct/dist/index.mjs',
    find: `            else if (coerce) {
                v = t[1];
                if (k === undefined) {
                    value = v;
                }
                else if (value instanceof Map) {
                    value.set(k, v);
                }
                else if (value instanceof Set) {
                    value.add(v);
                }
                else if (isObject(value)) {
                    if (v !== undefined || k in value)
                        value[k] = v;
                }
            }
`,
    replace: '',
    why: 'coercion: the widget never coerces',
  },
  {
    file: '@preact/signals-core/dist/signals-core.module.js',
    find: 'return S.bind(this,i)}',
    replace: 'var e=this;return function(){return S.call(e,i)}}',
    why: "an effect's end gets its outer context by partial bind",
  },
  // The signals core as the source uses it: signal, computed, effect, batch and `.value`. The
  // methods and options nothing calls go (subscribe, peek, valueOf, toString, toJSON, the brand,
  // watched/unwatched callbacks, names, dispose): a call of one then fails loudly.
  ...signalsCoreTrim('@preact/signals-core/dist/signals-core.module.js', [
    ['var i=Symbol.for("preact-signals");', ''],
    ['l.prototype.brand=i;', ''],
    [
      'this.l=0;this.W=null==t?void 0:t.watched;this.Z=null==t?void 0:t.unwatched;this.name=null==t?void 0:t.name}',
      'this.l=0}',
    ],
    [
      'if(void 0!==r)r.e=i;else f(function(){var i;null==(i=t.W)||i.call(t)})}}',
      'if(void 0!==r)r.e=i}}',
    ],
    [
      'if(i===this.t){this.t=n;if(void 0===n)f(function(){var i;null==(i=t.Z)||i.call(t)})}',
      'if(i===this.t)this.t=n',
    ],
    [
      'l.prototype.subscribe=function(i){var t=this;return x(function(){var r=t.value;f(function(){return i(r)})},{name:"sub"})};l.prototype.valueOf=function(){return this.value};l.prototype.toString=function(){return this.value+""};l.prototype.toJSON=function(){return this.value};l.prototype.peek=function(){var i=this;return f(function(){return i.value})};',
      '',
    ],
    ['function j(i,t){l.call(this,void 0,t);', 'function j(i){l.call(this);'],
    ['this.f=32;this.name=null==t?void 0:t.name;', 'this.f=32;'],
    ['m.prototype.dispose=function(){this.d()};', ''],
    ['var n=r.d.bind(r);n[Symbol.dispose]=n;return n}', 'return r.d.bind(r)}'],
  ]),
  {
    file: 'redaxios/dist/redaxios.module.js',
    find: 'try{f[s.xsrfHeaderName]=decodeURIComponent(document.cookie.match(RegExp("(^|; )"+s.xsrfCookieName+"=([^;]*)"))[2])}catch(e){}',
    replace: '',
    why: 'its XSRF step sends a cookie named "undefined" as an `undefined:` header; the widget sends no cookie as a header',
  },
  // Configs and headers without a prototype (src/api/client.ts): its merge copies with for-in
  // into a fresh {}, and its own headers start as {}, so a property of a polluted Object.prototype
  // (baseURL, params, auth, data, a header name) would be read as an option or sent as a header.
  {
    file: 'redaxios/dist/redaxios.module.js',
    find: 'function n(e,t,r){var a,o={};',
    replace: 'function n(e,t,r){var a,o=Object.create(null);',
    why: 'its merge builds on {}, which reads a polluted Object.prototype',
  },
  {
    file: 'redaxios/dist/redaxios.module.js',
    find: 's=n(t,r),f={};',
    replace: 's=n(t,r),f=Object.create(null);',
    why: 'its headers start as {}, whose for-in walks a polluted Object.prototype',
  },
  {
    file: 'preact/dist/preact.module.js',
    find: 'return document.createTextNode(k);u=document.createElementNS(o,x,k.is&&k)',
    replace: DOCUMENT_METHODS_FROM_PROTOTYPE,
    why: 'host markup named like a document method (<img name="createTextNode">) hides it',
  },

  // The same for the unit tests, bundled for Node, which resolves the libraries' .mjs builds.
  {
    file: 'redaxios/dist/redaxios.js',
    find: 'try{p[s.xsrfHeaderName]=decodeURIComponent(document.cookie.match(RegExp("(^|; )"+s.xsrfCookieName+"=([^;]*)"))[2])}catch(e){}',
    replace: '',
    why: 'its XSRF step sends a cookie named "undefined" as an `undefined:` header',
  },
  {
    file: 'redaxios/dist/redaxios.js',
    find: 'function r(e,t,n){var a,o={};',
    replace: 'function r(e,t,n){var a,o=Object.create(null);',
    why: 'its merge builds on {}, which reads a polluted Object.prototype',
  },
  {
    file: 'redaxios/dist/redaxios.js',
    find: 's=r(t,n),p={};',
    replace: 's=r(t,n),p=Object.create(null);',
    why: 'its headers start as {}, whose for-in walks a polluted Object.prototype',
  },
  {
    file: '@preact/signals-core/dist/signals-core.mjs',
    find: 'const t=o;o=this;return S.bind(this,t)}',
    replace: 'const t=o;o=this;return()=>S.call(this,t)}',
    why: "an effect's end gets its outer context by partial bind",
  },
  ...signalsCoreTrim('@preact/signals-core/dist/signals-core.mjs', [
    ['const t=Symbol.for("preact-signals");', ''],
    ['y.prototype.brand=t;', ''],
    [
      'this.l=0;this.W=null==i?void 0:i.watched;this.Z=null==i?void 0:i.unwatched;this.name=null==i?void 0:i.name}',
      'this.l=0}',
    ],
    [
      'if(void 0!==i)i.e=t;else f(()=>{var t;null==(t=this.W)||t.call(this)})}}',
      'if(void 0!==i)i.e=t}}',
    ],
    [
      'if(t===this.t){this.t=n;if(void 0===n)f(()=>{var t;null==(t=this.Z)||t.call(this)})}',
      'if(t===this.t)this.t=n',
    ],
    [
      'y.prototype.subscribe=function(t){return x(()=>{const i=this.value;f(()=>t(i))},{name:"sub"})};y.prototype.valueOf=function(){return this.value};y.prototype.toString=function(){return this.value+""};y.prototype.toJSON=function(){return this.value};y.prototype.peek=function(){return f(()=>this.value)};',
      '',
    ],
    ['function j(t,i){y.call(this,void 0,i);', 'function j(t){y.call(this);'],
    ['this.f=32;this.name=null==i?void 0:i.name;', 'this.f=32;'],
    ['m.prototype.dispose=function(){this.d()};', ''],
    ['const o=n.d.bind(n);o[Symbol.dispose]=o;return o}', 'return n.d.bind(n)}'],
  ]),
  {
    file: 'preact/dist/preact.mjs',
    find: 'return document.createTextNode(k);u=document.createElementNS(o,x,k.is&&k)',
    replace: DOCUMENT_METHODS_FROM_PROTOTYPE,
    why: 'host markup named like a document method (<img name="createTextNode">) hides it',
  },
  {
    file: 'preact/dist/preact.mjs',
    find: '"popover"!=l&&l in n)try{n[l]=null==u?"":u;break n}catch(n){}"function"==typeof u||',
    replace:
      '"popover"!=l&&l in n)try{n[l]=null==u?"":u;break n}catch(n){}"http://www.w3.org/1999/xhtml"==i&&(l=l.toLowerCase());"function"==typeof u||',
    why: "HTML attributes are named in lower case in any document (the unit tests' build)",
  },
  {
    file: 'preact/dist/preact.module.js',
    // setProperty's last step, for a prop that is not a DOM property of that exact name: `i` is the
    // element's namespace, `l` the prop's name.
    find: '"popover"!=l&&l in n)try{n[l]=null==u?"":u;break n}catch(n){}"function"==typeof u||',
    replace:
      '"popover"!=l&&l in n)try{n[l]=null==u?"":u;break n}catch(n){}"http://www.w3.org/1999/xhtml"==i&&(l=l.toLowerCase());"function"==typeof u||',
    why: 'HTML attributes are named in lower case in any document (XHTML keeps the case React writes them in)',
  },
  // Class component lifecycles the source never defines (its classes, base/error-boundary.tsx and
  // memo in src/shims/react.ts, use getDerivedStateFromError, componentDidCatch and
  // shouldComponentUpdate); hooks and contexts keep what they use (componentWillUpdate,
  // getChildContext). In the shipped and the unit tests' build alike: the tests run the trimmed core.
  ...['preact/dist/preact.module.js', 'preact/dist/preact.mjs'].flatMap((file) =>
    preactTrim(file, [
      [
        'M&&null!=F.getDerivedStateFromProps&&(p.__s==p.state&&(p.__s=m({},p.__s)),m(p.__s,F.getDerivedStateFromProps(x,p.__s))),',
        '',
      ],
      [
        'M&&null==F.getDerivedStateFromProps&&null!=p.componentWillMount&&p.componentWillMount(),',
        '',
      ],
      [
        'M&&null==F.getDerivedStateFromProps&&x!==y&&null!=p.componentWillReceiveProps&&p.componentWillReceiveProps(x,P),',
        '',
      ],
      [',M&&!v&&null!=p.getSnapshotBeforeUpdate&&(_=p.getSnapshotBeforeUpdate(y,d))', ''],
      // Nor MathML, <template> or SVG's <foreignObject>.
      ['"math"==x?o="http://www.w3.org/1998/Math/MathML":', ''],
      ['L("template"==t.type?u.content:u,', 'L(u,'],
      ['"foreignObject"==x?"http://www.w3.org/1999/xhtml":o,', 'o,'],
      // Nor Suspense: no component throws a promise, so an error is only an error.
      [
        'if(n.then){for(u.__u|=c?160:128;f&&8==f.nodeType&&f.nextSibling;)f=f.nextSibling;null!=o&&(o[o.indexOf(f)]=null),u.__e=f}else if(null!=o)',
        'if(null!=o)',
      ],
      ['n.then||B(u),', 'B(u),'],
    ]),
  ),
]

/** Patches that cut Preact to what the source uses (LIBRARY_PATCHES tells which parts). */
function preactTrim(file: string, cuts: [find: string, replace: string][]): LibraryPatch[] {
  return cuts.map(([find, replace]) => ({
    file,
    find,
    replace,
    why: 'preact: a part the source never uses',
  }))
}

/** Patches that cut the signals core to what the source uses (LIBRARY_PATCHES tells which parts). */
function signalsCoreTrim(file: string, cuts: [find: string, replace: string][]): LibraryPatch[] {
  return cuts.map(([find, replace]) => ({
    file,
    find,
    replace,
    why: 'signals core: a part the source never uses',
    notForReact: true,
  }))
}

const normalise = (file: string) => file.replace(/\\/g, '/')

/**
 * Library code that calls `queueMicrotask` (to schedule work after the current task) gets a
 * module-local stand-in (a function declaration appended to the module, hoisted like any), so it runs on the browser floor, where Safari 12.0
 * and iOS 12.0-12.1 lack the global: one copy of the library, the host page's globals untouched.
 * A resolved promise's reaction is a microtask too; an error thrown by the callback ends as an
 * unhandled rejection instead of an uncaught error. (esbuild's `inject` would do the same but
 * defeats the tree-shaking of the kit.)
 */
const QUEUE_MICROTASK_STAND_IN = '\nfunction queueMicrotask(c){Promise.resolve().then(c)}\n'

/** Library code as it ships to the browser: the patches above, and the queueMicrotask stand-in. */
export function libraryPatchesPlugin(patches: LibraryPatch[] = LIBRARY_PATCHES): esbuild.Plugin {
  const files = new Set(patches.map((p) => p.file))
  return {
    name: 'library-patches',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]node_modules[\\/].*\.m?js$/, namespace: 'file' },
        async (args) => {
          const at = normalise(args.path).lastIndexOf('/node_modules/')
          const file = normalise(args.path).slice(at + '/node_modules/'.length)
          const original = await readFile(args.path, 'utf8')
          let contents = original
          if (files.has(file)) {
            for (const patch of patches.filter((p) => p.file === file)) {
              const found = contents.split(patch.find).length - 1
              if (found !== 1)
                throw new Error(
                  `library patch for ${file} (${patch.why}) expects its text once, found it ${found} times: the library changed, look at the patch again`,
                )
              contents = contents.replace(patch.find, () => patch.replace)
            }
          }
          if (/\bqueueMicrotask\b/.test(contents)) contents += QUEUE_MICROTASK_STAND_IN
          return contents === original ? undefined : { contents, loader: 'js' }
        },
      )
    },
  }
}
