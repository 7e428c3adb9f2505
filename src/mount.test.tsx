import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { render } from '@testing-library/preact'
import { captureConsole } from '../test/helpers/console'
import { ErrorBoundary } from './base/error-boundary'
import { GLOBAL_KEY } from './contract/contract'
import { createTestIO } from '../test/helpers/widget'
import { fakeClock } from '../test/helpers/fake-timers'

const test = suite('mount')

const { result: mountModule, errors: importErrors } = await captureConsole(() => import('./mount'))
const { boot } = mountModule

/** The widget's own tag: a script element whose file is this bundle's (__LOCALE__ is de-DE in tests). */
const OWN_SRC = 'https://cdn.shop.test/static/footer.de-DE.0123456789.js'
function scriptTag(site: string, src = OWN_SRC): HTMLScriptElement {
  const script = document.createElement('script')
  script.setAttribute('data-site', site)
  script.src = src
  return script
}

/** What the bundle's wrapper hands boot(): the tag and its `src`, read while it is evaluated. */
const captured = (tag: Element) => [tag, (tag as HTMLScriptElement).src] as const

/**
 * The window boot() is given: this page's, with the timers, the clock and the fetch swapped for
 * a test's own (every request answers 404: no contract server here). The start-up then runs
 * only when drain() runs it, and whatever it leaves scheduled (renewals, time-outs) never runs
 * after the test: no real time passes, and nothing of one test shows in another's output.
 */
function testWindow() {
  const clock = fakeClock()
  const io = createTestIO({ clock, fetch: async () => new Response('', { status: 404 }) })
  const swapped: Record<PropertyKey, unknown> = {
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
    fetch: io.fetch,
    performance: { now: clock.now },
  }
  const win = new Proxy(window, {
    get: (target, key) => (key in swapped ? swapped[key] : Reflect.get(target, key)),
  })
  return { win, drain: io.drain }
}

/** Mounts with `tag` as the captured script; the root's market once the start-up has run. */
async function mountedSite(tag: Element | null) {
  const { win, drain } = testWindow()
  const logged = await captureConsole(async () => {
    boot(win, tag && captured(tag))
    await drain()
  })
  return {
    ...logged,
    site: shadowRoot().querySelector('.lf-root')?.getAttribute('data-site'),
  }
}

const shadowRoot = () => document.getElementById('footer')!.shadowRoot!

test.before.each(() => {
  // The last test's footer ends, with the watch on its mount point.
  ;(window as unknown as Record<string, { destroy?: () => void }>)[GLOBAL_KEY]?.destroy?.()
  delete (window as unknown as Record<string, unknown>)[GLOBAL_KEY]
  document.body.innerHTML = ''
})

test('without #footer: a clear console error, nothing thrown, the page untouched', async () => {
  assert.match(importErrors.join('\n'), /\bE1\b/)
  document.body.innerHTML = '<main><p>Host content</p></main>'
  const before = document.body.innerHTML
  const { win, drain } = testWindow()
  const { errors } = await captureConsole(async () => {
    boot(win, captured(scriptTag('DE')))
    await drain()
  })
  assert.is(errors.length, 1)
  assert.match(errors[0], /\[Lumora footer\] E1\b/)
  assert.is(document.body.innerHTML, before)
})

test('mounts into a shadow root of #footer with the market and locale', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  // This page has no contract server: content and psdata answer 404 (no content sections).
  const { win, drain } = testWindow()
  const { errors } = await captureConsole(async () => {
    boot(win, captured(scriptTag('AT')))
    await drain()
  })
  assert.equal(errors, [])
  const root = document.getElementById('footer')!.shadowRoot!.querySelector('.lf-root')!
  assert.is(root.getAttribute('data-site'), 'AT')
  assert.is(root.getAttribute('lang'), 'de-DE')
  assert.match(
    root.querySelector('footer')?.textContent ?? '',
    /© \d{4} Lumora\. Alle Rechte vorbehalten\./,
  )
})

/** Footer content with a legal link, inline in the page (src/footer/content-source.ts). */
const INLINE_LEGAL_LINK = `<script type="application/json" id="footer-content">${JSON.stringify({ legalLinks: [{ url: '/impressum-s1.html', text: 'Impressum' }] })}</script>`

test("the integrator's fallback inside #footer shows until the footer's first render takes its place", async () => {
  document.body.innerHTML = `<div id="footer"><nav aria-label="Rechtliches"><a href="/impressum">Impressum</a></nav></div>${INLINE_LEGAL_LINK}`
  const fallback = document.querySelector('nav')!
  const { win, drain } = testWindow()
  await captureConsole(async () => {
    boot(win, captured(scriptTag('DE')))
    // The shadow root is attached; the start's steps have not run.
    assert.ok(shadowRoot(), 'claimed')
    assert.ok(fallback.assignedSlot, 'the fallback is still shown, through a slot')
    assert.is(shadowRoot().querySelector('footer'), null)
    await drain()
  })
  assert.ok(shadowRoot().querySelector('footer'), 'the footer rendered')
  assert.is(fallback.assignedSlot, null, 'and the fallback is hidden')
})

test('without legal links of its own (the content call failed) the footer shows the fallback again, below it', async () => {
  document.body.innerHTML =
    '<div id="footer"><nav aria-label="Rechtliches"><a href="/impressum">Impressum</a></nav></div>'
  const fallback = document.querySelector('nav')!
  const { win, drain } = testWindow()
  const { warnings } = await captureConsole(async () => {
    boot(win, captured(scriptTag('DE')))
    await drain()
  })
  assert.match(warnings.join('\n'), /\bW27\b/, 'the content call answered 404')
  assert.ok(shadowRoot().querySelector('footer'), 'the footer rendered')
  assert.ok(fallback.assignedSlot, 'the fallback shows again')
  assert.is(shadowRoot().lastChild, fallback.assignedSlot, 'below the footer')
})

test('included twice: mounts once and says so', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { win, drain } = testWindow()
  const { warnings } = await captureConsole(async () => {
    boot(win, captured(scriptTag('DE')))
    boot(win, captured(scriptTag('DE')))
    await drain()
  })
  assert.match(warnings.join('\n'), /\bW8\b/)
  assert.is(document.getElementById('footer')!.shadowRoot!.querySelectorAll('.lf-root').length, 1)
})

test('a host element named like the tag (<img name="currentScript">) is not taken for it: its attributes are ignored', async () => {
  document.body.innerHTML =
    '<div id="footer"></div><img name="currentScript" src="//evil.example/x.js" data-site="TR">'
  const { site, warnings } = await mountedSite(document.querySelector('img'))
  assert.is(site, 'DE')
  assert.match(warnings.join('\n'), /\bW9\b/)
})

test("a script element of another file is not the widget's tag either", async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { site } = await mountedSite(scriptTag('TR', 'https://evil.example/footer.js'))
  assert.is(site, 'DE')
})

test('a copy renamed by an asset pipeline warns once, naming the address it was loaded from', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const src = 'https://cdn.shop.test/assets/lumora-footer-de.js'
  const { warnings } = await mountedSite(scriptTag('TR', src))
  const w9 = warnings.filter((w) => /\bW9\b/.test(w))
  assert.is(w9.length, 1)
  assert.ok(w9[0].endsWith(src), w9[0])
})

test("the widget's own tag (its file is this bundle, any path or origin) is read", async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const { site, warnings } = await mountedSite(scriptTag('TR'))
  assert.is(site, 'TR')
  assert.not.match(warnings.join('\n'), /\bW9\b/)
})

for (const markup of [
  '<a id="__lumoraFooter" href="#"></a>',
  '<form name="__lumoraFooter"><input name="version" value="1"></form>',
  '<a id="__lumoraFooter"></a><a id="__lumoraFooter"></a>',
]) {
  test(`host markup named like the global (${markup}) does not switch the widget off`, async () => {
    document.body.innerHTML = `<div id="footer"></div>${markup}`
    assert.ok(
      (window as unknown as Record<string, unknown>)[GLOBAL_KEY],
      'the markup shadows the global',
    )
    const { site, warnings } = await mountedSite(scriptTag('AT'))
    assert.is(site, 'AT')
    assert.not.match(warnings.join('\n'), /\bW8\b/)
  })
}

for (const name of [
  'cookie',
  'getElementById',
  'querySelector',
  'querySelectorAll',
  'createElement',
  'createTextNode',
  'createElementNS',
  'addEventListener',
  'readyState',
  'head',
  'documentElement',
  'defaultView',
  'activeElement',
  'body',
]) {
  for (const [markup, shadow] of [
    [`<img name="${name}">`, () => document.createElement('img')],
    // Two named images answer with a collection of both (an <iframe name> with its window).
    [`two <img name="${name}">`, () => document.getElementsByTagName('img')],
  ] as const)
    test(`host markup named "${name}" (${markup}) does not switch the widget off`, async () => {
      document.body.innerHTML = '<div id="footer"></div>'
      const tag = captured(scriptTag('AT'))
      const { win, drain } = testWindow()
      // What a named element is on a real document (jsdom has no named properties): the document's own property.
      Object.defineProperty(document, name, {
        value: shadow(),
        configurable: true,
      })
      const { errors } = await captureConsole(async () => {
        try {
          boot(win, tag)
          await drain()
        } finally {
          delete (document as unknown as Record<string, unknown>)[name]
        }
      })
      assert.equal(errors, [])
      assert.is(shadowRoot().querySelector('.lf-root')?.getAttribute('data-site'), 'AT')
      assert.match(shadowRoot().querySelector('footer')?.textContent ?? '', /Lumora/)
    })
}

test('an earlier #footer (a jump mark <a id="footer">) is passed over for the last one, and the console says there are several', async () => {
  document.body.innerHTML = '<a id="footer" href="#footer">To the footer</a><div id="footer"></div>'
  const { win, drain } = testWindow()
  const { warnings, errors } = await captureConsole(async () => {
    boot(win, captured(scriptTag('AT')))
    await drain()
  })
  assert.is(document.querySelector('a')!.shadowRoot, null)
  assert.is(
    // The <div id="footer"> (jsdom's selector engine finds only the first element of an id).
    document.body
      .lastElementChild!.shadowRoot!.querySelector('.lf-root')!
      .getAttribute('data-site'),
    'AT',
  )
  assert.match(warnings.join('\n'), /\bW28\b/)
  assert.equal(errors, [])
})

test('only a #footer that cannot hold a shadow root: a clear console error, the page untouched', async () => {
  document.body.innerHTML = '<a id="footer" href="#top">Top</a>'
  const before = document.body.innerHTML
  const { win, drain } = testWindow()
  const { errors, warnings } = await captureConsole(async () => {
    boot(win, captured(scriptTag('AT')))
    await drain()
  })
  assert.match(errors.join('\n'), /\bE1\b/)
  assert.match(warnings.join('\n'), /\bW7\b.* <a id="footer">/)
  assert.is(document.body.innerHTML, before)
})

for (const when of ['before', 'after'])
  test(`a <base href> after the own tag, its src read ${when} the base was parsed: the preview file loads from the shop`, async () => {
    document.cookie = 'StaffAuthToken=t; Path=/'
    try {
      document.head.innerHTML = ''
      document.body.innerHTML = '<div id="footer"></div>'
      const tag = scriptTag('AT', '/static/footer.de-DE.0123456789.js')
      document.body.appendChild(tag)
      const base = document.createElement('base')
      base.href = 'https://evil.example/assets/'
      document.body.appendChild(base)
      // What a browser's tag.src reads once the base is there (jsdom keeps the first answer).
      const src = `https://${when === 'before' ? 'shop.test' : 'evil.example'}/static/footer.de-DE.0123456789.js`
      const { win, drain } = testWindow()
      await captureConsole(async () => {
        boot(win, [tag, src])
        await drain()
      })
      const added = [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'))
      assert.equal(added, ['https://shop.test/static/preview.test.js'])
    } finally {
      document.cookie = 'StaffAuthToken=; Max-Age=0; Path=/'
      document.head.innerHTML = ''
    }
  })

/** The page's mutations reach the widget's observer (a microtask), whose re-mount then starts. */
async function settle(drain: () => Promise<void>) {
  await new Promise((done) => setTimeout(done, 0))
  await drain()
}

const holdsFooter = (element: Element | null | undefined) =>
  !!element?.shadowRoot?.querySelector('.lf-root')

/** A single-page app: its root, then the widget's tag once, as index.html has them. */
async function spa(routeHtml: string) {
  document.body.innerHTML = `<div id="root">${routeHtml}</div>`
  const tag = scriptTag('DE')
  document.body.appendChild(tag)
  const { win, drain } = testWindow()
  await captureConsole(async () => {
    boot(win, captured(tag))
    await drain()
  })
  return { root: document.getElementById('root')!, drain, tag }
}

test('an async route: a hidden CMS <span id="footer"> that comes first never takes the footer; the layout\'s #footer after it does', async () => {
  const { root, drain } = await spa('<main>home</main><div id="footer"></div>')
  const { warnings } = await captureConsole(async () => {
    root.innerHTML = '<main><p>text <span id="footer" hidden>cms</span></p></main>'
    await settle(drain)
    assert.not.ok(holdsFooter(root.querySelector('span')))
    const layout = document.createElement('div')
    layout.id = 'footer'
    root.append(layout)
    await settle(drain)
  })
  assert.not.ok(holdsFooter(root.querySelector('span')))
  assert.ok(holdsFooter(root.lastElementChild))
  assert.not.match(warnings.join('\n'), /\bE1\b/)
})

test('an async route: a visible CMS <span id="footer"> taken first gives the footer up to the layout\'s #footer after it', async () => {
  const { root, drain } = await spa('<main>home</main><div id="footer"></div>')
  await captureConsole(async () => {
    root.innerHTML = '<main><p>text <span id="footer">cms</span></p></main>'
    await settle(drain)
    const layout = document.createElement('div')
    layout.id = 'footer'
    root.append(layout)
    await settle(drain)
  })
  assert.not.ok(holdsFooter(root.querySelector('span')))
  assert.ok(holdsFooter(root.lastElementChild))
})

test("one innerHTML replaces the app's root, the widget's tag included: the footer goes to the last #footer before the tag's copy, not the CMS one", async () => {
  document.body.innerHTML = '<div id="app"><div id="footer"></div></div>'
  const app = document.getElementById('app')!
  const tag = scriptTag('DE')
  app.appendChild(tag)
  const { win, drain } = testWindow()
  await captureConsole(async () => {
    boot(win, captured(tag))
    await drain()
    app.innerHTML = `<p><span id="footer">cms</span></p><div id="footer"></div><script src="${OWN_SRC}"></script><footer id="footer">after the tag</footer>`
    await settle(drain)
  })
  assert.not.ok(holdsFooter(app.querySelector('span')))
  assert.not.ok(holdsFooter(app.querySelector('footer')))
  assert.ok(holdsFooter(app.querySelector('div')))
})

test('unmount() ends the footer in its element and keeps following #footer: the next one the page puts in place gets it', async () => {
  const { root, drain } = await spa('<div id="footer"></div>')
  const global = (window as unknown as Record<string, { unmount(): void }>)[GLOBAL_KEY]!
  global.unmount()
  await settle(drain)
  assert.not.ok(holdsFooter(root.firstElementChild))
  assert.is((window as unknown as Record<string, unknown>)[GLOBAL_KEY], global)
  await captureConsole(async () => {
    root.innerHTML = '<div id="footer"></div>'
    await settle(drain)
  })
  assert.ok(holdsFooter(root.firstElementChild))
})

test('destroy() ends the footer and the following, and removes the global: a later #footer stays empty', async () => {
  const { root, drain } = await spa('<div id="footer"></div>')
  ;(window as unknown as Record<string, { destroy(): void }>)[GLOBAL_KEY]!.destroy()
  assert.is((window as unknown as Record<string, unknown>)[GLOBAL_KEY], undefined)
  root.innerHTML = '<div id="footer"></div>'
  await settle(drain)
  assert.not.ok(holdsFooter(root.firstElementChild))
  assert.is(root.firstElementChild!.shadowRoot, null)
})

test('lumora:ready: once per mount, on #footer, bubbling to window, when every part is in place', async () => {
  const heard: EventTarget[] = []
  const listener = (event: Event) => heard.push(event.target!)
  window.addEventListener('lumora:ready', listener)
  try {
    const { root, drain } = await spa('<div id="footer"></div>')
    assert.equal(heard, [root.firstElementChild])
    assert.ok(shadowRoot().querySelector('footer'))
    await drain()
    assert.is(heard.length, 1)
    await captureConsole(async () => {
      root.innerHTML = '<div id="footer"></div>'
      await settle(drain)
    })
    assert.equal(heard, [heard[0], root.firstElementChild])
  } finally {
    window.removeEventListener('lumora:ready', listener)
  }
})

test('adds exactly one global', async () => {
  document.body.innerHTML = '<div id="footer"></div>'
  const before = new Set(Object.keys(window))
  const { win, drain } = testWindow()
  await captureConsole(async () => {
    boot(win, captured(scriptTag('DE')))
    await drain()
  })
  const added = Object.keys(window).filter((k) => !before.has(k))
  assert.equal(added, [GLOBAL_KEY])
})

test('an error inside a section is caught and logged, and the rest renders', async () => {
  function Broken(): never {
    throw new Error('boom')
  }
  const { errors, result } = await captureConsole(() =>
    render(
      <div>
        <ErrorBoundary name="Teasers">
          <Broken />
        </ErrorBoundary>
        <p>still here</p>
      </div>,
    ),
  )
  assert.ok(result.getByText('still here'))
  assert.match(errors.join('\n'), /\bE4\b.* Teasers/)
  result.unmount()
})

test.run()
